import {
  loginTotpConfirmResponseSchema,
  secondStepPaths,
  tokenResponseSchema,
  totpSetupResponseSchema,
} from '@um/contract';
import type { MfaLoginRequest, TokenPair } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** Finishes a password sign-in with a code or a recovery code. */
export async function answerSecondStep(body: MfaLoginRequest): Promise<TokenPair> {
  const answer = await apiRequest(secondStepPaths.loginMfa, {
    method: 'POST',
    authenticated: false,
    body,
    schema: tokenResponseSchema,
  });
  return answer.token;
}

/** The set-up a role that must have a second step walks through right after the password. */
export function beginRequiredSetup(mfaToken: string) {
  return apiRequest(secondStepPaths.loginTotpSetup, {
    method: 'POST',
    authenticated: false,
    body: { mfa_token: mfaToken },
    schema: totpSetupResponseSchema,
  });
}

export function confirmRequiredSetup(mfaToken: string, code: string) {
  return apiRequest(secondStepPaths.loginTotpConfirm, {
    method: 'POST',
    authenticated: false,
    body: { mfa_token: mfaToken, code },
    schema: loginTotpConfirmResponseSchema,
  });
}
