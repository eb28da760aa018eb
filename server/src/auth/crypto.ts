import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A keyed hash under the server secret. The label separates uses, so a value derived for one
 * purpose (an OTP hash, a refresh successor) is never valid for another.
 */
export function keyedHash(secret: string, label: string, ...parts: string[]): string {
  const mac = createHmac('sha256', secret).update(label);
  for (const part of parts) mac.update('\0').update(part);
  return mac.digest('base64url');
}

/** Compares two hashes without leaking, through timing, how much of them matched. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
