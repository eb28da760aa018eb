import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath, secondStepPaths, securitySettingsResponseSchema } from '@um/contract';
import type { Role } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { staffKey } from './get-staff';

const settingsKey = ['staff', 'security'] as const;

/** Which roles must use a second step. */
export function useSecuritySettings() {
  return useQuery(
    queryOptions({
      queryKey: settingsKey,
      queryFn: async ({ signal }) =>
        (
          await apiRequest(secondStepPaths.securitySettings, {
            schema: securitySettingsResponseSchema,
            signal,
          })
        ).data,
    }),
  );
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (roles: Role[]) =>
      (
        await apiRequest(secondStepPaths.securitySettings, {
          method: 'PUT',
          body: { mfa_required_roles: roles },
          schema: securitySettingsResponseSchema,
        })
      ).data,
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/** Resets a colleague's second step; the staff list then shows them without one. */
export function useResetSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(buildPath(secondStepPaths.staffSecondStep, { id }), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
