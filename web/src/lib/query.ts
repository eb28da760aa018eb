import { QueryClient, useQueryClient } from '@tanstack/react-query';
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
