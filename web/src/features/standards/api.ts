import { apiPaths, buildPath, recordPaths, standardResponseSchema } from '@um/contract';
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

/**
 * SPEC.md 7: PUT sends the standard's fields including its id; and the version the form started
 * from, so that a colleague's save in between is refused rather than overwritten (DESIGN.md 6).
 */
export async function updateStandard(
  id: number,
  values: StandardValues,
  version?: number,
): Promise<Standard> {
  const answer = await apiRequest(buildPath(apiPaths.standard, { id }), {
    method: 'PUT',
    body: { ...values, id, ...(version === undefined ? {} : { version }) },
    schema: standardResponseSchema,
  });
  return answer.data;
}

/** Puts a deleted standard back from the bin, with its id (DESIGN.md 6). */
export async function restoreStandard(id: number): Promise<Standard> {
  const answer = await apiRequest(buildPath(recordPaths.restoreStandard, { id }), {
    method: 'POST',
    schema: standardResponseSchema,
  });
  return answer.data;
}

export async function deleteStandard(id: number): Promise<void> {
  await apiRequest(buildPath(apiPaths.standard, { id }), { method: 'DELETE' });
}
