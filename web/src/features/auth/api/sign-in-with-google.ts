import { apiPaths, tokenResponseSchema } from '@um/contract';
import type { TokenPair } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** Signs in, or signs up, with the credential Google's button returned. */
export async function signInWithGoogle(
  mode: 'login' | 'register',
  credential: string,
): Promise<TokenPair> {
  const answer = await apiRequest(mode === 'login' ? apiPaths.google : apiPaths.googleRegister, {
    method: 'POST',
    authenticated: false,
    body: { token: credential },
    schema: tokenResponseSchema,
  });
  return answer.token;
}
