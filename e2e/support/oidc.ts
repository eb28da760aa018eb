import { fileURLToPath } from 'node:url';

/**
 * The local OpenID provider the browser tests sign in through (support/oidc-provider.mjs, the
 * `oidc-provider` package), as a web server of Playwright's config, and the variables that point
 * the app at it. Self-contained, so a config that starts a server per worker starts one of these
 * per worker too.
 */
export const oidcClient = {
  id: 'user-management-e2e',
  secret: 'the browser tests client secret',
  name: 'Microsoft',
} as const;

const script = fileURLToPath(new URL('./oidc-provider.mjs', import.meta.url));

/** Playwright's `webServer` entry for the provider, on `port`, for the app at `appUrl`. */
export function oidcProviderServer(port: number, appUrl: string) {
  return {
    command: `node ${script}`,
    url: `http://127.0.0.1:${port}/.well-known/openid-configuration`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      OIDC_PROVIDER_PORT: String(port),
      OIDC_CLIENT_ID: oidcClient.id,
      OIDC_CLIENT_SECRET: oidcClient.secret,
      OIDC_REDIRECT_URI: `${appUrl}/login/oidc`,
    },
  };
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
