import { useMutation } from '@tanstack/react-query';
import { apiPaths, buildPath, standardResponseSchema } from '@um/contract';
import type { Standard, StandardValues } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

export interface UpdateStandard {
  id: number;
  values: StandardValues;
  /** The version the edit started from. */
  version?: number | undefined;
}

/**
 * PUT sends the standard's fields including its id, and the version the form started from, so
 * that a colleague's save in between is refused rather than overwritten (docs/web.md, Edit
 * conflicts).
 */
export async function updateStandard({ id, values, version }: UpdateStandard): Promise<Standard> {
  const answer = await apiRequest(buildPath(apiPaths.standard, { id }), {
    method: 'PUT',
    body: { ...values, id, ...(version === undefined ? {} : { version }) },
    schema: standardResponseSchema,
  });
  return answer.data;
}

export function useUpdateStandard() {
  const refresh = useRefreshSchoolLists();
  return useMutation({ mutationFn: updateStandard, onSuccess: refresh });
}
