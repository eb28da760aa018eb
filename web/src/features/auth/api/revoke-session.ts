import { apiPaths } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** Revokes the refresh token's family on the server, so a copied token is worthless. */
export async function revokeSession(refresh: string): Promise<void> {
  await apiRequest(apiPaths.logout, { method: 'POST', authenticated: false, body: { refresh } });
}
