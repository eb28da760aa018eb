import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How a secret token is made and kept: below every feature, because the features that hand out
 * a token (a sign-in, a reset link, an invitation) and those that accept it back must store and
 * look it up alike.
 */

/** 256 bits from the CSPRNG, URL-safe: long enough that guessing is hopeless. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * How high-entropy tokens are stored. A plain SHA-256 suffices because the input is random;
 * it lets a presented token be found by an indexed equality lookup.
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Compares two hashes without leaking, through timing, how much of them matched. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
