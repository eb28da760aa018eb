import { useMutation } from '@tanstack/react-query';
import { apiPaths, buildPath } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshMessages } from './refresh-messages';

/** Removes a message from the caller's own inbox; colleagues keep theirs. */
export async function deleteMessage(id: number): Promise<void> {
  await apiRequest(buildPath(apiPaths.message, { id }), { method: 'DELETE' });
}

export function useDeleteMessage() {
  const refresh = useRefreshMessages();
  return useMutation({ mutationFn: deleteMessage, onSuccess: refresh });
}
