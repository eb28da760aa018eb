import { useMutation } from '@tanstack/react-query';
import { apiPaths, buildPath } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

/** Moves a standard without students to the bin ("Recently deleted"). */
export async function deleteStandard(id: number): Promise<void> {
  await apiRequest(buildPath(apiPaths.standard, { id }), { method: 'DELETE' });
}

export function useDeleteStandard() {
  const refresh = useRefreshSchoolLists();
  return useMutation({ mutationFn: deleteStandard, onSuccess: refresh });
}
