import { QueryClient, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { readTokens, subscribeToSession } from './session';

/**
 * Query keys by group (a change refreshes the user, student, standard and message groups, as
 * docs/web.md says), so invalidating a group's root refreshes everything under it. The
 * signed-in user is not cached here but kept in the session store (lib/session.ts).
 */
export const queryKeys = {
  students: ['students'] as const,
  standards: ['standards'] as const,
  /** Every standard, paged through in full: the standards screen and the students filter share it. */
  allStandards: ['standards', 'all'] as const,
  messages: ['messages'] as const,
  unreadCount: ['messages', 'unread-count'] as const,
};

/** Client errors will not change on a retry; network failures and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  // However the session ends (logout, a refused refresh, another tab), no cached data outlives
  // it. This listens to the store itself, so the cache is empty before the next screen mounts
  // and starts queries of its own.
  let hadTokens = readTokens() !== null;
  subscribeToSession(() => {
    const hasTokens = readTokens() !== null;
    if (hadTokens && !hasTokens) client.clear();
    hadTokens = hasTokens;
  });
  return client;
}

/**
 * Standards and students depend on each other (a student shows its standard's name, a standard
 * counts its students), so a change to either refreshes both. A mutation waits for this, so the
 * screen never shows a success beside a stale list.
 */
export function useRefreshSchoolLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.standards }),
      queryClient.invalidateQueries({ queryKey: queryKeys.students }),
    ]);
}

/**
 * A screen's loader reads its data again as it opens, through `prefetch` (the plain or the
 * infinite kind), so a change made before the event stream was open to announce it shows.
 * - A read of the same query already on its way began before the screen opened; joining it
 *   would miss such a change, so it is called off (what was read before stays on screen).
 * - The query is marked out of date before the new read: when the screen that was showing the
 *   query goes while the read is on its way, TanStack Query calls the read off and restores
 *   what came before, and the next screen to show the query then reads it again instead of
 *   taking the old rows for fresh ones.
 */
export async function readAgain<Options extends { queryKey: QueryKey }>(
  queryClient: QueryClient,
  options: Options,
  prefetch: (options: Options & { staleTime: 0 }) => Promise<void>,
): Promise<void> {
  const exactly = { queryKey: options.queryKey, exact: true };
  await queryClient.cancelQueries(exactly);
  await queryClient.invalidateQueries({ ...exactly, refetchType: 'none' });
  await prefetch({ ...options, staleTime: 0 });
}
