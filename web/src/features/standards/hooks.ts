import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StandardValues } from '@um/contract';
import { queryKeys } from '../../lib/query';
import { createStandard, deleteStandard, fetchAllStandards, updateStandard } from './api';

export function useStandards() {
  return useQuery({
    queryKey: queryKeys.allStandards,
    queryFn: ({ signal }) => fetchAllStandards(signal),
  });
}

/**
 * Standards and students depend on each other (a student shows its standard's name, a standard
 * counts its students), so a change to either refreshes both. The mutation stays pending until
 * the lists have caught up, so the screen never shows a success beside a stale list.
 */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.standards }),
      queryClient.invalidateQueries({ queryKey: queryKeys.students }),
    ]);
}

export interface SaveStandard {
  /** The standard being edited; absent when adding one. */
  id?: number | undefined;
  values: StandardValues;
}

export function useSaveStandard() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, values }: SaveStandard) =>
      id === undefined ? createStandard(values) : updateStandard(id, values),
    onSuccess: refresh,
  });
}

export function useDeleteStandard() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: number) => deleteStandard(id),
    onSuccess: refresh,
  });
}
