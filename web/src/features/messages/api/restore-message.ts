import { useMutation } from '@tanstack/react-query';
import { buildPath, messageResponseSchema, recordPaths } from '@um/contract';
import type { Message } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshMessages } from './refresh-messages';

/** Puts a message the caller removed back in their inbox: the Undo of a delete. */
export async function restoreMessage(id: number): Promise<Message> {
  const answer = await apiRequest(buildPath(recordPaths.messageRestore, { id }), {
    method: 'POST',
    schema: messageResponseSchema,
  });
  return answer.data;
}

export function useRestoreMessage() {
  const refresh = useRefreshMessages();
  return useMutation({ mutationFn: restoreMessage, onSuccess: refresh });
}
