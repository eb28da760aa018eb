import { useMutation } from '@tanstack/react-query';
import { apiPaths, messageResponseSchema } from '@um/contract';
import type { Message } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshMessages } from './refresh-messages';

/** Posts a message to every staff member's inbox. */
export async function sendMessage(content: string): Promise<Message> {
  const answer = await apiRequest(apiPaths.messages, {
    method: 'POST',
    body: { content },
    schema: messageResponseSchema,
  });
  return answer.data;
}

export function useSendMessage() {
  const refresh = useRefreshMessages();
  return useMutation({ mutationFn: sendMessage, onSuccess: refresh });
}
