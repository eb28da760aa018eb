import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { StandardValues } from '@um/contract';
import { queryKeys } from '../../lib/query';
import { useRefreshSchoolLists } from '../../lib/standards-list';
import {
  createStandard,
  deleteStandard,
  fetchStandardHistory,
  restoreStandard,
  updateStandard,
} from './api';

export interface SaveStandard {
  /** The standard being edited; absent when adding one. */
  id?: number | undefined;
  values: StandardValues;
  /** The version the edit started from. */
  version?: number | undefined;
}

export function useSaveStandard() {
  const refresh = useRefreshSchoolLists();
  return useMutation({
    mutationFn: ({ id, values, version }: SaveStandard) =>
      id === undefined ? createStandard(values) : updateStandard(id, values, version),
    onSuccess: refresh,
  });
}

export function useDeleteStandard() {
  const refresh = useRefreshSchoolLists();
  return useMutation({
    mutationFn: (id: number) => deleteStandard(id),
    onSuccess: refresh,
  });
}

export function useRestoreStandard() {
  const refresh = useRefreshSchoolLists();
  return useMutation({
    mutationFn: (id: number) => restoreStandard(id),
    onSuccess: refresh,
  });
}

/**
 * A standard's history while `id` is set (its dialog is open), newest first, older pages on
 * request; read afresh each time.
 */
export function useStandardHistory(id: number | null) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.standards, 'history', id],
    queryFn: ({ pageParam, signal }) => fetchStandardHistory(id ?? 0, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    enabled: id !== null,
    staleTime: 0,
  });
}
