import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath, sessionListResponseSchema, staffPaths } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

const sessionsKey = ['profile', 'sessions'] as const;

export const getSessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(staffPaths.sessions, { schema: sessionListResponseSchema, signal })).data,
  });

/** The signed-in person's devices, one per sign-in, most recently used first. */
export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

/** Signs one device out (`id`), or every device but this one (`others`). */
export function useSignOutDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: string } | 'others') =>
      which === 'others'
        ? apiRequest(staffPaths.revokeOtherSessions, { method: 'POST' })
        : apiRequest(buildPath(staffPaths.session, { id: which.id }), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
