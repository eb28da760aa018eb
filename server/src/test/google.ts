import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, UnsecuredJWT, exportJWK, exportSPKI, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll } from 'vitest';

export const TEST_GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';
const KEY_ID = 'test-google-key';

/** The claims of a Google ID token; set a claim to undefined to leave it out. */
export interface GoogleClaims {
  iss?: string;
  aud?: string;
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  iat?: number;
  exp?: number;
}

/** How to sign: Google's key, or one of the forgeries a verifier must refuse. */
export type Signing = 'google' | 'wrong-key' | 'alg-none' | 'hs256-with-public-key';

export interface GoogleKeys {
  /** What GOOGLE_JWKS_URL points at in the test app. */
  jwksUrl: string;
  clientId: string;
  /** An ID token with Google's defaults (fresh, verified address, this client) and overrides. */
  sign(claims?: GoogleClaims, signing?: Signing): Promise<string>;
  close(): Promise<void>;
}

/**
 * Stands in for Google's key endpoint: a real HTTP server on loopback serving the public half
 * of a key pair made by jose, so the app fetches and verifies exactly as it would in production.
 */
export async function startGoogleKeys(clientId = TEST_GOOGLE_CLIENT_ID): Promise<GoogleKeys> {
  const google = await generateKeyPair('RS256', { extractable: true });
  const impostor = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = {
    ...(await exportJWK(google.publicKey)),
    kid: KEY_ID,
    alg: 'RS256',
    use: 'sig',
  };
  const publicPem = await exportSPKI(google.publicKey);

  const server: Server = createServer((request, response) => {
    if (request.url === '/oauth2/v3/certs') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    async sign(overrides = {}, signing = 'google') {
      const now = Math.floor(Date.now() / 1000);
      const defaults: GoogleClaims = {
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub: `google-${randomUUID()}`,
        email: `${randomUUID().slice(0, 8)}@school.test`,
        email_verified: true,
        name: 'Google Staff',
        iat: now,
        exp: now + 3600,
      };
      const claims = Object.fromEntries(
        Object.entries({ ...defaults, ...overrides }).filter(([, value]) => value !== undefined),
      );
      if (signing === 'alg-none') return new UnsecuredJWT(claims).encode();
      if (signing === 'hs256-with-public-key') {
        // The classic algorithm-confusion forgery: the public key used as an HMAC secret.
        return new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', kid: KEY_ID, typ: 'JWT' })
          .sign(new TextEncoder().encode(publicPem));
      }
      const key = signing === 'wrong-key' ? impostor.privateKey : google.privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
        .sign(key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Starts the key server before the suite's app (register it first) and stops it after. */
export function useGoogleKeys(clientId = TEST_GOOGLE_CLIENT_ID): GoogleKeys {
  const holder = {} as GoogleKeys;
  beforeAll(async () => {
    Object.assign(holder, await startGoogleKeys(clientId));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}
