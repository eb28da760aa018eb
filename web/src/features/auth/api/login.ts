import { apiPaths, loginResponseSchema } from '@um/contract';
import type { LoginRequest, MfaChallenge, TokenPair } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** The tokens, or the `mfa_token` of a second step to come (docs/auth.md, "Second step"). */
export async function login(body: LoginRequest): Promise<TokenPair | MfaChallenge> {
  const answer = await apiRequest(apiPaths.login, {
    method: 'POST',
    authenticated: false,
    body,
    schema: loginResponseSchema,
  });
  return 'token' in answer ? answer.token : answer;
}
