import { createHmac } from 'node:crypto';

/**
 * A keyed hash under the server secret. The label separates uses, so a value derived for one
 * purpose (an OTP hash, a refresh successor) is never valid for another.
 */
export function keyedHash(secret: string, label: string, ...parts: string[]): string {
  const mac = createHmac('sha256', secret).update(label);
  for (const part of parts) mac.update('\0').update(part);
  return mac.digest('base64url');
}
