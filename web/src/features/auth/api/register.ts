import { apiPaths, tokenResponseSchema } from '@um/contract';
import type { RegisterRequest, TokenPair } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

export async function register(body: RegisterRequest): Promise<TokenPair> {
  const answer = await apiRequest(apiPaths.register, {
    method: 'POST',
    authenticated: false,
    body,
    schema: tokenResponseSchema,
  });
  return answer.token;
}
