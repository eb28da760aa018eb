import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiPaths, messageListResponseSchema } from '@um/contract';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query';

const UNREAD_POLL_MS = 30_000;
const unreadSchema = messageListResponseSchema.pick({ unread_count: true });

/**
 * The caller's unread count, read from the inbox list's `unread_count` with the smallest page.
 * It sits under the messages key, so any change to messages refreshes it; TanStack Query
 * polls only while the tab is visible.
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
  return useQuery({ ...unreadCountQuery, refetchInterval: UNREAD_POLL_MS });
}
