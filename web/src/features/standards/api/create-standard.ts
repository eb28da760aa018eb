import { useMutation } from '@tanstack/react-query';
import { apiPaths, standardResponseSchema } from '@um/contract';
import type { Standard, StandardValues } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

export async function createStandard(values: StandardValues): Promise<Standard> {
  const answer = await apiRequest(apiPaths.standards, {
    method: 'POST',
    body: values,
    schema: standardResponseSchema,
  });
  return answer.data;
}

export function useCreateStandard() {
  const refresh = useRefreshSchoolLists();
  return useMutation({ mutationFn: createStandard, onSuccess: refresh });
}
