import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  invitationListResponseSchema,
  invitationResponseSchema,
  staffPaths,
} from '@um/contract';
import type { InvitationRequest } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

const invitationsKey = ['staff', 'invitations'] as const;

export const getInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: invitationsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(staffPaths.invitations, { schema: invitationListResponseSchema, signal }))
        .data,
  });

/** The invitations not yet used and not expired. */
export function useInvitations() {
  return useQuery(getInvitationsQueryOptions());
}

/** Mails an invitation. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: InvitationRequest) =>
      (
        await apiRequest(staffPaths.invitations, {
          method: 'POST',
          body,
          schema: invitationResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}

/** Withdraws a pending invitation: its link stops working. */
export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(buildPath(staffPaths.invitation, { id }), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}
