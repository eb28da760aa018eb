import { infiniteQueryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query';
import { fetchInboxPage } from './api';

export function inboxQuery(queryClient: QueryClient) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.messages, 'inbox'],
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchInboxPage(pageParam, signal);
      // The inbox carries the freshest unread count: the header badge takes it at once rather
      // than at its next poll.
      if (pageParam === null) queryClient.setQueryData(queryKeys.unreadCount, page.unread_count);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Colleagues post at any time: the route's loader asks for what is new whenever the inbox
    // opens; this only keeps the screen from asking again as it mounts just after.
    staleTime: 5_000,
  });
}

/**
 * The route's loader: the inbox as it is now, asked for while the screen's code loads. A
 * failure is the screen's to show, so it is not thrown here.
 */
export async function loadInbox(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchInfiniteQuery({ ...inboxQuery(queryClient), staleTime: 0 });
}
