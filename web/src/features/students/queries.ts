import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { studentSorts } from '@um/contract';
import type { StudentSort } from '@um/contract';
import { queryKeys } from '../../lib/query';
import { allStandardsQuery } from '../../lib/standards-list';
import { DEFAULT_SORT, fetchStudentsCount, fetchStudentsPage } from './api';
import type { StudentFilter, StudentListView } from './api';

const isSort = (value: string | null): value is StudentSort =>
  (studentSorts as readonly (string | null)[]).includes(value);

/** The list as the address states it (?standard=3&q=asha&sort=roll_number). */
export function viewFromSearch(params: URLSearchParams): StudentListView {
  const standard = Number(params.get('standard'));
  const sort = params.get('sort');
  return {
    standard: Number.isSafeInteger(standard) && standard > 0 ? standard : null,
    q: (params.get('q') ?? '').trim(),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  };
}

export function studentsQuery(view: StudentListView) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.students, 'list', view],
    queryFn: ({ pageParam, signal }) => fetchStudentsPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // A new filter or search keeps the current rows until its own arrive, so nothing jumps.
    placeholderData: keepPreviousData,
  });
}

/** The count of the students a filter lets through, whatever the list's order. */
export function studentsCountQuery({ standard, q }: StudentFilter) {
  return queryOptions({
    queryKey: [...queryKeys.students, 'count', { standard, q }],
    queryFn: ({ signal }) => fetchStudentsCount({ standard, q }, signal),
  });
}

/**
 * The route's loader: the list the address asks for and the standards that name its rows,
 * asked for while the screen's code loads. A failure is the screen's to show, so it is not
 * thrown here.
 */
export async function loadStudents(queryClient: QueryClient, url: URL): Promise<void> {
  const view = viewFromSearch(url.searchParams);
  await Promise.all([
    queryClient.prefetchInfiniteQuery(studentsQuery(view)),
    queryClient.prefetchQuery(studentsCountQuery(view)),
    queryClient.prefetchQuery(allStandardsQuery),
  ]);
}
