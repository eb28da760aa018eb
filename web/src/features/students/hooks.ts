import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { StudentValues } from '@um/contract';
import { queryKeys } from '../../lib/query';
import {
  createStudent,
  deleteStudent,
  fetchAllStandards,
  fetchStudentsPage,
  updateStudent,
} from './api';
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

export function useAllStandards() {
  return useQuery({
    queryKey: queryKeys.allStandards,
    queryFn: ({ signal }) => fetchAllStandards(signal),
  });
}

/**
 * A student change also changes its standards' student counts, so both lists refresh; the
 * mutation stays pending until they have, so a success never sits beside a stale list.
 */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.students }),
      queryClient.invalidateQueries({ queryKey: queryKeys.standards }),
    ]);
}

export interface SaveStudent {
  /** The student being edited; absent when adding one. */
  id?: number | undefined;
  values: StudentValues;
}

export function useSaveStudent() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, values }: SaveStudent) =>
      id === undefined ? createStudent(values) : updateStudent(id, values),
    onSuccess: refresh,
  });
}

export function useDeleteStudent() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: number) => deleteStudent(id),
    onSuccess: refresh,
  });
}
