import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_LIMIT_MAX, apiPaths, standardListResponseSchema } from '@um/contract';
import type { Standard } from '@um/contract';
import { apiRequest } from './api-client';
import { queryKeys } from './query';

/**
 * Every standard, following the cursor in the largest pages the API allows: a school has a few
 * dozen. The standards screen lists them; the students screen fills its filter and form with them
 * and names each student's standard. Both read this one cached list.
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

export const allStandardsQuery = queryOptions({
  queryKey: queryKeys.allStandards,
  queryFn: ({ signal }) => fetchAllStandards(signal),
});

export function useAllStandards() {
  return useQuery(allStandardsQuery);
}

/**
 * Standards and students depend on each other (a student shows its standard's name, a standard
 * counts its students), so a change to either refreshes both. A mutation waits for this, so the
 * screen never shows a success beside a stale list.
 */
export function useRefreshSchoolLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.standards }),
      queryClient.invalidateQueries({ queryKey: queryKeys.students }),
    ]);
}
