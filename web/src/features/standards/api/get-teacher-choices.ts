import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordPaths, teacherChoicesResponseSchema } from '@um/contract';
import type { Teacher } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** Who may be chosen as a standard's teacher: every active staff account, by name. */
export async function getTeacherChoices(signal?: AbortSignal): Promise<Teacher[]> {
  const answer = await apiRequest(recordPaths.teacherChoices, {
    schema: teacherChoicesResponseSchema,
    signal,
  });
  return answer.data;
}

export const teacherChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['teacher-choices'] as const,
    queryFn: ({ signal }) => getTeacherChoices(signal),
  });

export function useTeacherChoices(enabled = true) {
  return useQuery({ ...teacherChoicesQueryOptions(), enabled });
}
