import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { buildPath, recordPaths } from '@um/contract';
import type { StudentValues } from '@um/contract';
import { useRecordHistory } from '../../lib/record-history';
import { useRefreshSchoolLists } from '../../lib/standards-list';
import { queryKeys } from '../../lib/query';
import { createStudent, deleteStudent, restoreStudent, updateStudent } from './api';
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

/** A student's history while `id` is set (its dialog is open). */
export function useStudentHistory(id: number | null) {
  return useRecordHistory(
    queryKeys.students,
    id === null ? null : buildPath(recordPaths.studentHistory, { id }),
  );
}
