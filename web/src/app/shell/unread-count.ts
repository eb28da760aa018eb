import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiPaths, messageListResponseSchema } from '@um/contract';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query';

const unreadSchema = messageListResponseSchema.pick({ unread_count: true });

/**
 * The caller's unread count, read once from the inbox list's `unread_count` with the smallest
 * page; from then on the event stream's `unread` events keep it (features/live), and changes
 * this tab makes refresh it with the messages group. Nothing polls.
 */
const unreadCountQuery = queryOptions({
  queryKey: queryKeys.unreadCount,
  queryFn: async ({ signal }) => {
    const answer = await apiRequest(`${apiPaths.messages}?limit=1`, {
      schema: unreadSchema,
      signal,
    });
    return answer.unread_count;
  },
});

/** The shell route's loader: the count is asked for with the shell's code. */
export async function loadUnreadCount(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchQuery(unreadCountQuery);
}

export function useUnreadCount() {
  return useQuery({ ...unreadCountQuery, staleTime: Infinity });
}
