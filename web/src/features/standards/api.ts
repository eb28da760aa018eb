import { apiPaths, buildPath, standardResponseSchema } from '@um/contract';
import type { Standard, StandardValues } from '@um/contract';
import { apiRequest } from '../../lib/api-client';

export async function createStandard(values: StandardValues): Promise<Standard> {
  const answer = await apiRequest(apiPaths.standards, {
    method: 'POST',
    body: values,
    schema: standardResponseSchema,
  });
  return answer.data;
}

/** SPEC.md 7: PUT sends the standard's fields including its id. */
export async function updateStandard(id: number, values: StandardValues): Promise<Standard> {
  const answer = await apiRequest(buildPath(apiPaths.standard, { id }), {
    method: 'PUT',
    body: { ...values, id },
    schema: standardResponseSchema,
  });
  return answer.data;
}

export async function deleteStandard(id: number): Promise<void> {
  await apiRequest(buildPath(apiPaths.standard, { id }), { method: 'DELETE' });
}
