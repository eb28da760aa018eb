import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query';
import { allStandardsQuery } from '../../lib/standards-list';
import { fetchStudentsPage } from './api';
import type { StudentFilter } from './api';

/** The list's filter as the address states it (?standard=3&q=asha). */
export function filterFromSearch(params: URLSearchParams): StudentFilter {
  const standard = Number(params.get('standard'));
  return {
    standard: Number.isSafeInteger(standard) && standard > 0 ? standard : null,
    q: (params.get('q') ?? '').trim(),
  };
}

export function studentsQuery(filter: StudentFilter) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.students, 'list', filter],
    queryFn: ({ pageParam, signal }) => fetchStudentsPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // A new filter or search keeps the current rows until its own arrive, so nothing jumps.
    placeholderData: keepPreviousData,
  });
}

/**
 * The route's loader: the list the address asks for and the standards that name its rows,
 * asked for while the screen's code loads. A failure is the screen's to show, so it is not
 * thrown here.
 */
export async function loadStudents(queryClient: QueryClient, url: URL): Promise<void> {
  await Promise.all([
    queryClient.prefetchInfiniteQuery(studentsQuery(filterFromSearch(url.searchParams))),
    queryClient.prefetchQuery(allStandardsQuery),
  ]);
}
