import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_LIMIT_MAX, apiPaths, standardListResponseSchema } from '@um/contract';
import type { Standard } from '@um/contract';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query';

/**
 * Every standard, or every one of an academic year, following the cursor in the largest pages
 * the API allows: a school has a few dozen a year. The standards screen lists them all; the
 * students screen fills its filter and form with them and names each student's standard; the
 * dashboard counts them. All read this one cached list. The year end reads one year's.
 */
export async function getAllStandards(
  signal?: AbortSignal,
  academicYear?: string,
): Promise<Standard[]> {
  const standards: Standard[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(LIST_LIMIT_MAX) });
    if (academicYear !== undefined) query.set('academic_year', academicYear);
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

export const getAllStandardsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.allStandards,
    queryFn: ({ signal }) => getAllStandards(signal),
  });

export function useAllStandards() {
  return useQuery(getAllStandardsQueryOptions());
}
