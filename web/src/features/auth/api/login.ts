import { apiPaths, tokenResponseSchema } from '@um/contract';
import type { LoginRequest, TokenPair } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

export async function login(body: LoginRequest): Promise<TokenPair> {
  const answer = await apiRequest(apiPaths.login, {
    method: 'POST',
    authenticated: false,
    body,
    schema: tokenResponseSchema,
  });
  return answer.token;
}
