import { useMutation } from '@tanstack/react-query';
import { apiPaths, tokenResponseSchema } from '@um/contract';
import type { ChangePasswordRequest } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/session';

/**
 * Changes the password. The server revokes every other session and answers with a fresh pair
 * for this one, which replaces the stored tokens so this tab stays signed in.
 */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  const answer = await apiRequest(apiPaths.changePassword, {
    method: 'POST',
    body,
    schema: tokenResponseSchema,
  });
  storeTokens(answer.token);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
