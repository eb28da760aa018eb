import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { StudentValues } from '@um/contract';
import { useRefreshSchoolLists } from '../../lib/standards-list';
import { queryKeys } from '../../lib/query';
import {
  createStudent,
  deleteStudent,
  fetchStudentHistory,
  restoreStudent,
  updateStudent,
} from './api';
import type { StudentFilter, StudentListView } from './api';
import { studentsCountQuery, studentsQuery } from './queries';

export function useStudents(view: StudentListView) {
  return useInfiniteQuery(studentsQuery(view));
}

export function useStudentsCount(filter: StudentFilter) {
  return useQuery(studentsCountQuery(filter));
}

export interface SaveStudent {
  /** The student being edited; absent when adding one. */
  id?: number | undefined;
  values: StudentValues;
  /** The version the edit started from. */
  version?: number | undefined;
}

export function useSaveStudent() {
  const refresh = useRefreshSchoolLists();
  return useMutation({
    mutationFn: ({ id, values, version }: SaveStudent) =>
      id === undefined ? createStudent(values) : updateStudent(id, values, version),
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

export function useRestoreStudent() {
  const refresh = useRefreshSchoolLists();
  return useMutation({
    mutationFn: (id: number) => restoreStudent(id),
    onSuccess: refresh,
  });
}

/**
 * A student's history while `id` is set (its dialog is open), newest first, older pages on
 * request; read afresh each time.
 */
export function useStudentHistory(id: number | null) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.students, 'history', id],
    queryFn: ({ pageParam, signal }) => fetchStudentHistory(id ?? 0, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    enabled: id !== null,
    staleTime: 0,
  });
}
