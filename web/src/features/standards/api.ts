import {
  LIST_LIMIT_MAX,
  apiPaths,
  buildPath,
  standardListResponseSchema,
  standardResponseSchema,
} from '@um/contract';
import type { Standard, StandardValues } from '@um/contract';
import { apiRequest } from '../../lib/api-client';

/**
 * Every standard, following the cursor in the largest pages the API allows: a school has a few
 * dozen, and the screen shows them all with their student counts.
 */
export async function fetchAllStandards(signal?: AbortSignal): Promise<Standard[]> {
  const standards: Standard[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(LIST_LIMIT_MAX) });
    if (cursor) query.set('cursor', cursor);
    const page = await apiRequest(`${apiPaths.standards}?${query}`, {
      schema: standardListResponseSchema,
      signal,
    });
    standards.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return standards;
}

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
