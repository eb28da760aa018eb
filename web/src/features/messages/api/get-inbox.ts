import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiPaths, messageListResponseSchema } from '@um/contract';
import type { MessageList } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query';
import type { InboxView } from '../filters';

export const INBOX_PAGE_SIZE = 20;

/** One page of the caller's inbox, newest first, searched by the view's words, with their unread count. */
export async function getInboxPage(
  view: InboxView,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MessageList> {
  const query = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (view.q !== '') query.set('q', view.q);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${apiPaths.messages}?${query}`, { schema: messageListResponseSchema, signal });
}

export const getInboxQueryOptions = (queryClient: QueryClient, view: InboxView) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.messages, 'inbox', view],
    queryFn: async ({ pageParam, signal }) => {
      const page = await getInboxPage(view, pageParam, signal);
      // The inbox carries the freshest unread count: the header badge takes it at once rather
      // than at its next change.
      if (pageParam === null) queryClient.setQueryData(queryKeys.unreadCount, page.unread_count);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Colleagues post at any time: the route's loader asks for what is new whenever the inbox
    // opens; this only keeps the screen from asking again as it mounts just after.
    staleTime: 5_000,
    // A new search keeps the current rows until its own arrive, so nothing jumps.
    placeholderData: keepPreviousData,
  });

export function useInbox(view: InboxView) {
  return useInfiniteQuery(getInboxQueryOptions(useQueryClient(), view));
}
