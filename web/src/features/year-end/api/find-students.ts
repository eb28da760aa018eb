import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, studentListResponseSchema } from '@um/contract';
import type { Student } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { studentFilterQuery } from '../../../lib/api/get-students-count';
import type { StudentFilter } from '../../../lib/api/get-students-count';
import { queryKeys } from '../../../lib/query';

/** How many active students one search shows: enough to find one by a few letters of a name. */
export const FOUND_STUDENTS_LIMIT = 50;

/**
 * The active students whose name or roll number holds the words, in one standard or in all:
 * the first FOUND_STUDENTS_LIMIT by name, and whether more match.
 */
export async function findStudents(
  filter: StudentFilter,
  signal?: AbortSignal,
): Promise<{ students: Student[]; more: boolean }> {
  const query = studentFilterQuery(filter);
  query.set('limit', String(FOUND_STUDENTS_LIMIT));
  const page = await apiRequest(`${apiPaths.students}?${query}`, {
    schema: studentListResponseSchema,
    signal,
  });
  return { students: page.data, more: page.next_cursor !== null };
}

/** The students a search finds; nothing is asked for before a word is typed. */
export function useFindStudents(filter: StudentFilter) {
  return useQuery({
    queryKey: [...queryKeys.students, 'found', filter],
    queryFn: ({ signal }) => findStudents(filter, signal),
    enabled: filter.q !== '',
    // The students found before stay while the next words are looked up, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}
