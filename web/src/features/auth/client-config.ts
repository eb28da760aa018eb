import { useEffect, useState } from 'react';
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

export interface ClientConfigState {
  data: ClientConfig | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * The server's client configuration, asked for when a sign-in screen opens. Plain state rather
 * than a cached query: the sign-in screens load no data library.
 */
export function useClientConfig(): ClientConfigState {
  const [state, setState] = useState<ClientConfigState>({
    data: undefined,
    isPending: true,
    isError: false,
  });
  useEffect(() => {
    let active = true;
    fetchClientConfig().then(
      (data) => active && setState({ data, isPending: false, isError: false }),
      () => active && setState({ data: undefined, isPending: false, isError: true }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
