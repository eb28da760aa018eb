import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { staffListResponseSchema, staffPaths } from '@um/contract';
import type { StaffList } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

export const STAFF_PAGE_SIZE = 50;

export const staffKey = ['staff'] as const;

/** One page of the staff list, in the order accounts were created, of those matching `q`. */
export async function getStaffPage(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<StaffList> {
  const query = new URLSearchParams({ limit: String(STAFF_PAGE_SIZE) });
  if (q) query.set('q', q);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${staffPaths.staff}?${query}`, { schema: staffListResponseSchema, signal });
}

export const getStaffQueryOptions = (q = '') =>
  infiniteQueryOptions({
    queryKey: [...staffKey, q],
    queryFn: ({ pageParam, signal }) => getStaffPage(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export function useStaff(q: string) {
  return useInfiniteQuery({ ...getStaffQueryOptions(q), placeholderData: keepPreviousData });
}
