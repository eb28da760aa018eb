import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest (decision 0065): AES-256-GCM under a key derived with HKDF-SHA-256 from
 * MFA_ENCRYPTION_KEY, or from JWT_SECRET when that is unset. Each value names the key it was
 * sealed with (a short hash of it), so a server whose key changed says so instead of reading
 * garbage, and one that was given MFA_ENCRYPTION_KEY later still opens what JWT_SECRET sealed.
 * The user's id is bound in as associated data: a secret copied to another account's row does
 * not open.
 */

const VERSION = 'v1';
const INFO = 'user-management totp secret v1';

interface Key {
  id: string;
  bytes: Buffer;
}

function deriveKey(material: string): Key {
  const bytes = Buffer.from(hkdfSync('sha256', material, '', INFO, 32));
  const id = createHash('sha256').update(bytes).digest('base64url').slice(0, 8);
  return { id, bytes };
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  seal(plaintext: string, userId: number): string;
  open(sealed: string, userId: number): string;
}

/** Seals with the first key; opens with whichever of them a value names. */
export function createSecretBox(mfaEncryptionKey: string | null, jwtSecret: string): SecretBox {
  const keys = [mfaEncryptionKey, jwtSecret]
    .filter((material): material is string => material !== null)
    .map(deriveKey);
  const sealing = keys[0] as Key;
  const aad = (userId: number) => Buffer.from(`totp:${userId}`);

  return {
    seal(plaintext, userId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealing.bytes, iv);
      cipher.setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return [VERSION, sealing.id, ...parts].join(':');
    },
    open(sealed, userId) {
      const [version, keyId, iv, body, tag] = sealed.split(':');
      if (version !== VERSION || !iv || body === undefined || !tag) {
        throw new SecretBoxError('The stored secret is not in a known format.');
      }
      const key = keys.find((candidate) => candidate.id === keyId);
      if (!key) {
        throw new SecretBoxError(
          'The stored secret was sealed with another key: MFA_ENCRYPTION_KEY or JWT_SECRET changed (docs/auth.md).',
        );
      }
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('The stored secret does not open with its key.');
      }
    },
  };
}
