import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, studentListResponseSchema } from '@um/contract';
import type { StudentList } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { studentFilterQuery } from '../../../lib/api/get-students-count';
import { queryKeys } from '../../../lib/query';
import { DEFAULT_SORT } from '../filters';
import type { StudentListView } from '../filters';

export const STUDENTS_PAGE_SIZE = 25;

/** One page of the students the view shows, in its order, from `cursor` on. */
export async function getStudentsPage(
  view: StudentListView,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<StudentList> {
  const query = new URLSearchParams({ limit: String(STUDENTS_PAGE_SIZE) });
  for (const [name, value] of studentFilterQuery(view)) query.set(name, value);
  if (view.sort !== DEFAULT_SORT) query.set('sort', view.sort);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${apiPaths.students}?${query}`, { schema: studentListResponseSchema, signal });
}

export const getStudentsQueryOptions = (view: StudentListView) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.students, 'list', view],
    queryFn: ({ pageParam, signal }) => getStudentsPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // A new filter or search keeps the current rows until its own arrive, so nothing jumps.
    placeholderData: keepPreviousData,
  });

export function useStudents(view: StudentListView) {
  return useInfiniteQuery(getStudentsQueryOptions(view));
}
