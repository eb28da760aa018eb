import { useEffect, useState } from 'react';
import { apiPaths, texts } from '@um/contract';
import type { ClientConfig } from '@um/contract';
import { apiRequest } from '../../lib/api-client';
import type { ResponseSchema } from '../../lib/api-client';

/** Checked by hand: the login page asks for this first, before zod is loaded. */
const clientConfigShape: ResponseSchema<ClientConfig> = {
  safeParse(data) {
    const fields = data as Record<keyof ClientConfig, unknown> | null;
    const id = fields?.google_client_id;
    const school = fields?.school_name ?? null;
    const oidc = fields?.oidc_name;
    return (typeof id === 'string' || id === null) &&
      (typeof school === 'string' || school === null)
      ? {
          success: true,
          data: {
            google_client_id: id,
            school_name: school,
            oidc_name: typeof oidc === 'string' ? oidc : null,
          },
        }
      : { success: false };
  },
};

export function fetchClientConfig(): Promise<ClientConfig> {
  return apiRequest(apiPaths.config, { authenticated: false, schema: clientConfigShape });
}

/** The page load's own ask, which a sign-in screen opening first reuses; forgotten if it fails. */
let pageLoadConfig: Promise<ClientConfig> | undefined;

/**
 * Asked once as the page loads: names the school after the product in the page title once the
 * server has said its name.
 */
export function titlePageWithSchool(): void {
  const asked = fetchClientConfig();
  pageLoadConfig = asked;
  asked.then(
    (config) => {
      document.title = texts.pageTitle(config.school_name);
    },
    () => {
      pageLoadConfig = undefined;
    },
  );
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
    (pageLoadConfig ?? fetchClientConfig()).then(
      (data) => active && setState({ data, isPending: false, isError: false }),
      () => active && setState({ data: undefined, isPending: false, isError: true }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
