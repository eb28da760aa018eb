import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, studentListResponseSchema } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** Students whose name holds the words typed, of any status: whose shared data to look up. */
export function useFindStudents(q: string) {
  return useQuery({
    queryKey: ['data-sharing', 'students', q] as const,
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ q, status: 'all', limit: '8' });
      return (
        await apiRequest(`${apiPaths.students}?${query}`, {
          schema: studentListResponseSchema,
          signal,
        })
      ).data;
    },
  });
}
