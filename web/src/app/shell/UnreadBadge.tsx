import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { apiPaths, appRoutes, messageListResponseSchema } from '@um/contract';
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

export function UnreadBadge() {
  const { data: unread = 0 } = useUnreadCount();
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages, none unread';
  return (
    <Link
      to={appRoutes.messages}
      aria-label={label}
      title={label}
      className="relative inline-flex size-10 items-center justify-center rounded-pill text-slate-700 transition-colors duration-fast hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800/80"
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-pill bg-accent-600 px-1.5 text-[0.6875rem] leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
