import { apiPaths, detailResponseSchema } from '@um/contract';
import type { ForgotPasswordRequest } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** Mails a reset link when an account has the address; the answer is the same either way. */
export async function requestPasswordReset(body: ForgotPasswordRequest): Promise<void> {
  await apiRequest(apiPaths.forgotPassword, {
    method: 'POST',
    authenticated: false,
    body,
    schema: detailResponseSchema,
  });
}
