import { apiPaths } from '@um/contract';
import type { ClientConfig } from '@um/contract';
import { apiRequest } from '../../lib/api-client';
import type { ResponseSchema } from '../../lib/api-client';

/** Checked by hand: the login page asks for this first, before zod is loaded. */
const clientConfigShape: ResponseSchema<ClientConfig> = {
  safeParse(data) {
    const id = (data as { google_client_id?: unknown } | null)?.google_client_id;
    return typeof id === 'string' || id === null
      ? { success: true, data: { google_client_id: id } }
      : { success: false };
  },
};

export function fetchClientConfig(): Promise<ClientConfig> {
  return apiRequest(apiPaths.config, { authenticated: false, schema: clientConfigShape });
}
