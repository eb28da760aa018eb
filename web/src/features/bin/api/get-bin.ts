import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { binListResponseSchema, recordPaths } from '@um/contract';
import type { BinList } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import type { BinView } from '../filters';

export const BIN_PAGE_SIZE = 50;

/** The bin's query key: a restore from any screen refreshes it. */
export const binKey = ['bin'] as const;

/** One page of the bin's students and standards, newest first, searched by the view's words. */
export async function getBinPage(
  view: BinView,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BinList> {
  const query = new URLSearchParams({ limit: String(BIN_PAGE_SIZE) });
  if (view.q !== '') query.set('q', view.q);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${recordPaths.deleted}?${query}`, { schema: binListResponseSchema, signal });
}

export const getBinQueryOptions = (view: BinView) =>
  infiniteQueryOptions({
    queryKey: [...binKey, view],
    queryFn: ({ pageParam, signal }) => getBinPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // A new search keeps the current rows until its own arrive, so nothing jumps.
    placeholderData: keepPreviousData,
  });

export function useBin(view: BinView) {
  return useInfiniteQuery(getBinQueryOptions(view));
}
