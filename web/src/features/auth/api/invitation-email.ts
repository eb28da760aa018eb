import { apiPaths, invitationEmailResponseSchema } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** The address an invitation was sent to, by the token of its link. */
export async function readInvitationEmail(invite: string): Promise<string> {
  const answer = await apiRequest(apiPaths.invitationEmail, {
    method: 'POST',
    authenticated: false,
    body: { invite },
    schema: invitationEmailResponseSchema,
  });
  return answer.data.email;
}
