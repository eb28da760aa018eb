import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'user-management';
const ACCESS_TYPE = 'access';

const keys = new Map<string, KeyObject>();

/**
 * The signing key as a KeyObject, made once per secret: given raw bytes, jose imports the key
 * again on every call, which showed up in the profile of every authenticated request.
 */
function key(secret: string): KeyObject {
  let keyObject = keys.get(secret);
  if (!keyObject) {
    keyObject = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, keyObject);
  }
  return keyObject;
}

/** A 15-minute HS256 access token naming the user and its type, so no other token passes. */
export async function signAccessToken(
  secret: string,
  userId: number,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: ACCESS_TYPE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

export interface AccessClaims {
  userId: number;
  /** Seconds since the epoch, as JWT `iat` counts them. */
  issuedAt: number;
}

/** The claims of a valid access token, or null for anything else (expired, forged, wrong type). */
export async function readAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (payload['typ'] !== ACCESS_TYPE || typeof payload.sub !== 'string') return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || payload.iat === undefined) return null;
    return { userId, issuedAt: payload.iat };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** The user id of a valid access token, or null for anything else (expired, forged, wrong type). */
export async function verifyAccessToken(secret: string, token: string): Promise<number | null> {
  return (await readAccessToken(secret, token))?.userId ?? null;
}
