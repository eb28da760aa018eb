import { startOidcProvider } from './oidc-provider.mjs';

/**
 * The local OpenID provider the browser tests sign in through (support/oidc-provider.mjs, the
 * `oidc-provider` package), started by each worker beside its own app server
 * (support/worker-server.ts), and the variables that point the app at it.
 */
export const oidcClient = {
  id: 'user-management-e2e',
  secret: 'the browser tests client secret',
  name: 'Microsoft',
} as const;

/** Starts the provider on `port` for the app at `appUrl`. */
export function startTestOidcProvider(port: number, appUrl: string) {
  return startOidcProvider({
    port,
    clientId: oidcClient.id,
    clientSecret: oidcClient.secret,
    redirectUri: `${appUrl}/login/oidc`,
  });
}

/** The app server's variables for the provider on `port`. */
export function oidcAppEnv(port: number): Record<string, string> {
  return {
    OIDC_ISSUER: `http://127.0.0.1:${port}`,
    OIDC_CLIENT_ID: oidcClient.id,
    OIDC_CLIENT_SECRET: oidcClient.secret,
    OIDC_NAME: oidcClient.name,
  };
}
