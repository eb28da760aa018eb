import { createSigner, createVerifier, TokenError } from 'fast-jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'user-management';
const ACCESS_TYPE = 'access';

type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;

/**
 * Every authenticated request checks an access token, so the check is synchronous node:crypto
 * HMAC (fast-jwt). jose went through WebCrypto: a key import and a thread-pool round trip per
 * request, about 100 µs of CPU in the profile of a student page (decision 0013).
 */
const signers = new Map<string, Signer>();
const verifiers = new Map<string, Verifier>();

function signer(secret: string): Signer {
  let sign = signers.get(secret);
  if (!sign) {
    // `iat` and `exp` come from signAccessToken's clock, which tests move.
    sign = createSigner({ key: secret, algorithm: 'HS256' });
    signers.set(secret, sign);
  }
  return sign;
}

function verifier(secret: string): Verifier {
  let verify = verifiers.get(secret);
  if (!verify) {
    verify = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      requiredClaims: ['exp', 'iat', 'sub', 'ver', 'sid'],
    });
    verifiers.set(secret, verify);
  }
  return verify;
}

/** Whom a sign-in speaks for: a user, as of one token version of theirs. */
export interface TokenSubject {
  userId: number;
  /** The user's token version when the token was minted; a password change raises it. */
  tokenVersion: number;
}

/** Whom an access token speaks for: a user, and the session (refresh family) it belongs to. */
export interface AccessSubject extends TokenSubject {
  /** The refresh-token family of the sign-in: signing that session out voids the token. */
  sessionId: string;
}

/**
 * A 15-minute HS256 access token naming the user, their token version (`ver`), the session it
 * belongs to (`sid`) and its type, so no other token passes.
 */
export async function signAccessToken(
  secret: string,
  { userId, tokenVersion, sessionId }: AccessSubject,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return signer(secret)({
    typ: ACCESS_TYPE,
    sub: String(userId),
    ver: tokenVersion,
    sid: sessionId,
    iss: ISSUER,
    iat: issuedAt,
    exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
  });
}

export interface AccessClaims extends AccessSubject {
  /** Seconds since the epoch, as JWT `iat` counts them. */
  issuedAt: number;
  /** Seconds since the epoch (`exp`): the token is valid up to that second included. */
  expiresAt: number;
}

interface Verified {
  claims: AccessClaims;
  /** The token's `exp` in milliseconds: valid up to that instant included, as fast-jwt checks. */
  expiresAtMs: number;
}

/** A refresh family's id, as `randomUUID` writes it. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How many verified tokens each secret keeps; about one per signed-in screen. */
const VERIFIED_LIMIT = 1000;
const verifiedBySecret = new Map<string, Map<string, Verified>>();

/**
 * The claims of a valid access token, or null for anything else (expired, forged, wrong type).
 *
 * A signed-in screen sends the same token with every call for 15 minutes, so a token that
 * passed is kept, by its exact text, until its `exp`: checking the signature again cost ~10 µs
 * a request (decision 0016). Whether its user still exists and
 * still counts is not kept: the guard reads that on every request. A token that fails is not
 * kept, and any other text, however close, is checked in full.
 */
export function readAccessToken(secret: string, token: string): AccessClaims | null {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  const known = verified.get(token);
  if (known && Date.now() <= known.expiresAtMs) return known.claims;
  if (known) verified.delete(token);

  let payload: Record<string, unknown>;
  try {
    payload = verifier(secret)(token);
  } catch (error) {
    if (error instanceof TokenError) return null;
    throw error;
  }
  if (payload['typ'] !== ACCESS_TYPE || typeof payload['sub'] !== 'string') return null;
  const userId = Number(payload['sub']);
  const tokenVersion = payload['ver'];
  const issuedAt = payload['iat'];
  const expiresAt = payload['exp'];
  const sessionId = payload['sid'];
  if (!Number.isSafeInteger(userId) || userId <= 0 || typeof issuedAt !== 'number') return null;
  if (!Number.isSafeInteger(tokenVersion) || (tokenVersion as number) < 0) return null;
  if (typeof expiresAt !== 'number') return null;
  if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return null;
  const claims = {
    userId,
    tokenVersion: tokenVersion as number,
    sessionId,
    issuedAt,
    expiresAt,
  };
  if (verified.size >= VERIFIED_LIMIT) {
    const oldest = verified.keys().next().value;
    if (oldest !== undefined) verified.delete(oldest);
  }
  verified.set(token, { claims, expiresAtMs: expiresAt * 1000 });
  return claims;
}
