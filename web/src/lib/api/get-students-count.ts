import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordPaths, studentCountResponseSchema } from '@um/contract';
import type { StudentStatus } from '@um/contract';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query';

/**
 * Which students a list or a count takes: one standard or all (null), words to find, and
 * which status (active ones when not said).
 */
export interface StudentFilter {
  standard: number | null;
  q: string;
  status?: StudentStatus | 'all' | undefined;
}

export const everyStudent: StudentFilter = { standard: null, q: '' };

/** The filter as the API's query string; every students path that filters reads it the same. */
export function studentFilterQuery({ standard, q, status }: StudentFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (standard !== null) query.set('standard', String(standard));
  if (q !== '') query.set('q', q);
  if (status !== undefined && status !== 'active') query.set('status', status);
  return query;
}

/** How many students the filter lets through, all pages together. */
export async function getStudentsCount(
  filter: StudentFilter,
  signal?: AbortSignal,
): Promise<number> {
  const query = studentFilterQuery(filter).toString();
  const answer = await apiRequest(
    query ? `${recordPaths.studentsCount}?${query}` : recordPaths.studentsCount,
    { schema: studentCountResponseSchema, signal },
  );
  return answer.data.count;
}

/** The count of the students a filter lets through, whatever the list's order. */
export const getStudentsCountQueryOptions = ({ standard, q, status }: StudentFilter) =>
  queryOptions({
    queryKey: [...queryKeys.students, 'count', { standard, q, status: status ?? 'active' }],
    queryFn: ({ signal }) => getStudentsCount({ standard, q, status }, signal),
  });

export function useStudentsCount(filter: StudentFilter) {
  return useQuery(getStudentsCountQueryOptions(filter));
}
