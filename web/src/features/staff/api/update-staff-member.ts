import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath, staffMemberResponseSchema, staffPaths } from '@um/contract';
import type { StaffUpdate } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { staffKey } from './get-staff';

/** Changes a staff member's role or status. */
export async function updateStaffMember({ id, change }: { id: number; change: StaffUpdate }) {
  const answer = await apiRequest(buildPath(staffPaths.staffMember, { id }), {
    method: 'PATCH',
    body: change,
    schema: staffMemberResponseSchema,
  });
  return answer.data;
}

export function useUpdateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
