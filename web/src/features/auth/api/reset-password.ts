import { apiPaths, buildPath, detailResponseSchema } from '@um/contract';
import type { ResetPasswordRequest } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** Sets a new password through the e-mailed link's id and token. */
export async function resetPassword(
  link: { id: string; token: string },
  body: ResetPasswordRequest,
): Promise<void> {
  await apiRequest(buildPath(apiPaths.resetPassword, link), {
    method: 'POST',
    authenticated: false,
    body,
    schema: detailResponseSchema,
  });
}
