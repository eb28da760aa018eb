import { useMutation } from '@tanstack/react-query';
import { buildPath, recordPaths, standardResponseSchema } from '@um/contract';
import type { Standard } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

/** Puts a deleted standard back from the bin, with its id. */
export async function restoreStandard(id: number): Promise<Standard> {
  const answer = await apiRequest(buildPath(recordPaths.restoreStandard, { id }), {
    method: 'POST',
    schema: standardResponseSchema,
  });
  return answer.data;
}

export function useRestoreStandard() {
  const refresh = useRefreshSchoolLists();
  return useMutation({ mutationFn: restoreStandard, onSuccess: refresh });
}
