import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, messageListResponseSchema } from '@um/contract';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query';

const unreadSchema = messageListResponseSchema.pick({ unread_count: true });

/** The caller's unread count, from the inbox list's `unread_count` with the smallest page. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const answer = await apiRequest(`${apiPaths.messages}?limit=1`, { schema: unreadSchema, signal });
  return answer.unread_count;
}

/**
 * Read once; from then on the event stream's `unread` events keep it (features/live), and
 * changes this tab makes refresh it with the messages group. Nothing polls.
 */
export const getUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: Infinity,
  });

export function useUnreadCount() {
  return useQuery(getUnreadCountQueryOptions());
}
