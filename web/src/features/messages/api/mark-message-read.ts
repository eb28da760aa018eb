import { useMutation } from '@tanstack/react-query';
import { apiPaths, buildPath, messageResponseSchema } from '@um/contract';
import type { Message } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshMessages } from './refresh-messages';

export async function markMessageRead(id: number): Promise<Message> {
  const answer = await apiRequest(buildPath(apiPaths.messageRead, { id }), {
    method: 'PATCH',
    schema: messageResponseSchema,
  });
  return answer.data;
}

export function useMarkMessageRead() {
  const refresh = useRefreshMessages();
  return useMutation({ mutationFn: markMessageRead, onSuccess: refresh });
}
