export interface OidcClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export function claimsFor(login: string): OidcClaims;

export function startOidcProvider(options: {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<{ issuer: string; close(): Promise<void> }>;

export function signInAtProvider(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
): Promise<Record<string, string>>;
