import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, buildPath, studentResponseSchema } from '@um/contract';
import type { Student } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query';

/** One student, as the record screen shows it. */
export async function getStudent(id: number, signal?: AbortSignal): Promise<Student> {
  const answer = await apiRequest(buildPath(apiPaths.student, { id }), {
    schema: studentResponseSchema,
    signal,
  });
  return answer.data;
}

/**
 * Under the students group, so a change to any student (a save here, a colleague's, a live
 * update) reads it again.
 */
export const getStudentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.students, 'record', id],
    queryFn: ({ signal }) => getStudent(id, signal),
  });

export function useStudent(id: number | null) {
  return useQuery({ ...getStudentQueryOptions(id ?? 0), enabled: id !== null });
}
