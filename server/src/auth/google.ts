import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { emailSchema } from '@um/contract';
import type { Config } from '../config.js';
import { providerDisplayName } from './provider-name.js';

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
    return { sub: payload.sub, email: email.data, name: providerDisplayName(payload['name']) };
  };
}
