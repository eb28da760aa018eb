import { useMutation } from '@tanstack/react-query';
import { buildPath, recordPaths } from '@um/contract';
import type { StandardValues } from '@um/contract';
import { queryKeys } from '../../lib/query';
import { useRecordHistory } from '../../lib/record-history';
import { useRefreshSchoolLists } from '../../lib/standards-list';
import { createStandard, deleteStandard, restoreStandard, updateStandard } from './api';

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

/** A standard's history while `id` is set (its dialog is open). */
export function useStandardHistory(id: number | null) {
  return useRecordHistory(
    queryKeys.standards,
    id === null ? null : buildPath(recordPaths.standardHistory, { id }),
  );
}
