import { keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { StudentValues } from '@um/contract';
import { queryKeys } from '../../lib/query';
import { useRefreshSchoolLists } from '../../lib/standards-list';
import { createStudent, deleteStudent, fetchStudentsPage, updateStudent } from './api';
import type { StudentFilter } from './api';

export function useStudents(filter: StudentFilter) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.students, 'list', filter],
    queryFn: ({ pageParam, signal }) => fetchStudentsPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // A new filter or search keeps the current rows until its own arrive, so nothing jumps.
    placeholderData: keepPreviousData,
  });
}

export interface SaveStudent {
  /** The student being edited; absent when adding one. */
  id?: number | undefined;
  values: StudentValues;
}

export function useSaveStudent() {
  const refresh = useRefreshSchoolLists();
  return useMutation({
    mutationFn: ({ id, values }: SaveStudent) =>
      id === undefined ? createStudent(values) : updateStudent(id, values),
    onSuccess: refresh,
  });
}

export function useDeleteStudent() {
  const refresh = useRefreshSchoolLists();
  return useMutation({
    mutationFn: (id: number) => deleteStudent(id),
    onSuccess: refresh,
  });
}
