import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath, recordPaths, restoreResponseSchema } from '@um/contract';
import type { BinEntry } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';
import { binKey } from './get-bin';

/** What to restore: an entry of the bin, and for a student maybe another roll number. */
export interface RestoreRequest {
  entry: BinEntry;
  rollNumber?: string;
}

/** Puts a student or a standard back from the bin, with its id (and a student's new roll number). */
export async function restoreFromBin({ entry, rollNumber }: RestoreRequest) {
  const { entity, id } = entry;
  const path = entity === 'student' ? recordPaths.restoreStudent : recordPaths.restoreStandard;
  const answer = await apiRequest(buildPath(path, { id }), {
    method: 'POST',
    ...(rollNumber === undefined ? {} : { body: { roll_number: rollNumber } }),
    schema: restoreResponseSchema,
  });
  return answer.data;
}

/** The bin and the lists the record returns to are refreshed before the restore is done. */
export function useRestoreFromBin() {
  const queryClient = useQueryClient();
  const refreshSchoolLists = useRefreshSchoolLists();
  return useMutation({
    mutationFn: restoreFromBin,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: binKey }), refreshSchoolLists()]),
  });
}
