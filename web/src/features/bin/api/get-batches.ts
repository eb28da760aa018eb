import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { batchListResponseSchema, recordPaths } from '@um/contract';
import type { BatchList } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query';

export const BATCHES_PAGE_SIZE = 50;

/** One page of the batches, newest first. */
export async function getBatchesPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BatchList> {
  const query = new URLSearchParams({ limit: String(BATCHES_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${recordPaths.batches}?${query}`, { schema: batchListResponseSchema, signal });
}

/** Under the students' key: whatever changes students (an undo among them) refreshes it. */
export function useBatches() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...queryKeys.students, 'batches'],
      queryFn: ({ pageParam, signal }) => getBatchesPage(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
    }),
  );
}
