import { CODE_JUST_SENT_PROBLEM_TYPE, apiPaths, detailResponseSchema } from '@um/contract';
import type { SendOtpRequest } from '@um/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** Mails a sign-up code to the address; the answer is the same whether or not one was sent. */
export async function sendOtp(body: SendOtpRequest): Promise<void> {
  await apiRequest(apiPaths.sendOtp, {
    method: 'POST',
    authenticated: false,
    body,
    schema: detailResponseSchema,
  });
}

/**
 * The server's words when a code went to the address less than a minute ago, so none was sent
 * now (the one sent still works); null for any other outcome.
 */
export function codeJustSent(error: unknown): string | null {
  return error instanceof ApiError && error.problem['type'] === CODE_JUST_SENT_PROBLEM_TYPE
    ? error.detail
    : null;
}
