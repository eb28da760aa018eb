import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rosterAccessListResponseSchema, rosterPaths } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

const PAGE_SIZE = 50;

/** Who received what, newest first; only what held one student's data when one is named. */
export const rosterAccessQueryOptions = (student: number | null) =>
  infiniteQueryOptions({
    queryKey: ['roster-access', student] as const,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (student !== null) query.set('student', String(student));
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest(`${rosterPaths.accessLog}?${query}`, {
        schema: rosterAccessListResponseSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export function useRosterAccess(student: number | null) {
  return useInfiniteQuery(rosterAccessQueryOptions(student));
}
