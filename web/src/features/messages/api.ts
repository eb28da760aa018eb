import {
  apiPaths,
  buildPath,
  messageListResponseSchema,
  messageResponseSchema,
} from '@um/contract';
import type { Message, MessageList } from '@um/contract';
import { apiRequest } from '../../lib/api-client';

export const INBOX_PAGE_SIZE = 20;

/** One page of the caller's inbox, newest first, with their unread count. */
export async function fetchInboxPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MessageList> {
  const query = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${apiPaths.messages}?${query}`, { schema: messageListResponseSchema, signal });
}

export async function sendMessage(content: string): Promise<Message> {
  const answer = await apiRequest(apiPaths.messages, {
    method: 'POST',
    body: { content },
    schema: messageResponseSchema,
  });
  return answer.data;
}

export async function markMessageRead(id: number): Promise<Message> {
  const answer = await apiRequest(buildPath(apiPaths.messageRead, { id }), {
    method: 'PATCH',
    schema: messageResponseSchema,
  });
  return answer.data;
}

export async function deleteMessage(id: number): Promise<void> {
  await apiRequest(buildPath(apiPaths.message, { id }), { method: 'DELETE' });
}
