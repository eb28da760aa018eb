import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { emailSchema, LIMITS } from '@um/contract';
import type { Config } from '../config.js';

/** Google signs ID tokens with RS256 and names itself in `iss` in either of these forms. */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

/** Why a Google credential was not accepted. */
export class GoogleCredentialError extends Error {
  constructor(
    readonly reason: 'invalid' | 'unverified-email' | 'keys-unavailable',
    cause?: unknown,
  ) {
    super(`Google credential rejected: ${reason}`, { cause });
    this.name = 'GoogleCredentialError';
  }
}

export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity>;

/** Failures to fetch Google's key set, as opposed to a credential that does not verify. */
function isKeySetUnavailable(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  return (
    error.code === errors.JWKSTimeout.code ||
    error.code === errors.JWKSInvalid.code ||
    error.code === errors.JOSEError.code
  );
}

/**
 * Verifies Google ID tokens against GOOGLE_JWKS_URL: RS256 only, signature, `iss`, `aud`
 * equal to GOOGLE_CLIENT_ID, `exp`, and a verified e-mail. Null when Google sign-in is not
 * configured.
 */
export function createGoogleVerifier(google: Config['google']): GoogleVerifier | null {
  const clientId = google.clientId;
  if (!clientId) return null;
  const keys = createRemoteJWKSet(new URL(google.jwksUrl), { timeoutDuration: 5_000 });

  return async (credential) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(credential, keys, {
        algorithms: ['RS256'],
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        requiredClaims: ['exp', 'iat', 'sub', 'email'],
      }));
    } catch (error) {
      throw new GoogleCredentialError(
        isKeySetUnavailable(error) ? 'keys-unavailable' : 'invalid',
        error,
      );
    }
    const verified = payload['email_verified'] === true || payload['email_verified'] === 'true';
    if (!verified) throw new GoogleCredentialError('unverified-email');
    const email = emailSchema.safeParse(payload['email']);
    if (!email.success || typeof payload.sub !== 'string' || payload.sub.length === 0) {
      throw new GoogleCredentialError('invalid');
    }
    return { sub: payload.sub, email: email.data, name: displayName(payload['name']) };
  };
}

/**
 * Google's display name as the sign-up form would take it: one line (a line break, a tab or
 * another control character, NUL included, which PostgreSQL cannot store, becomes a space),
 * half of a surrogate pair replaced as UTF-8 encoding replaces it (the databases differ
 * otherwise), and cut to the form's length without splitting a character in two.
 */
function displayName(value: unknown): string {
  if (typeof value !== 'string') return '';
  const line = value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
  const text = Buffer.from(line, 'utf8').toString('utf8').trim();
  let name = '';
  for (const char of text) {
    if (name.length + char.length > LIMITS.personNameMax) break;
    name += char;
  }
  return name;
}
