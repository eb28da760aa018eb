import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { staffListResponseSchema, staffPaths } from '@um/contract';
import type { StaffList } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import type { StaffView } from '../filters';

export const STAFF_PAGE_SIZE = 50;

export const staffKey = ['staff'] as const;

/**
 * One page of the staff list, in the order accounts were created, of those matching `q` and
 * of the chosen status.
 */
export async function getStaffPage(
  { q, status }: StaffView,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<StaffList> {
  const query = new URLSearchParams({ limit: String(STAFF_PAGE_SIZE) });
  if (q) query.set('q', q);
  if (status !== 'all') query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${staffPaths.staff}?${query}`, { schema: staffListResponseSchema, signal });
}

export const getStaffQueryOptions = (view: StaffView) =>
  infiniteQueryOptions({
    queryKey: [...staffKey, view],
    queryFn: ({ pageParam, signal }) => getStaffPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export function useStaff(view: StaffView) {
  return useInfiniteQuery({ ...getStaffQueryOptions(view), placeholderData: keepPreviousData });
}
