import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for API tests: it makes passkeys (ES256, attestation "none") and
 * answers challenges with them as a browser's authenticator does, byte for byte, so the server's
 * WebAuthn checks run for real (the browser tests use Chromium's virtual authenticator).
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
}

/** The little of CBOR (RFC 8949) that attestation objects and COSE keys use. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftPasskey {
  credentialId: Uint8Array;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

export interface SoftAuthenticator {
  /** Answers `navigator.credentials.create` options with a new passkey. */
  register(options: Record<string, unknown>): { passkey: SoftPasskey; response: object };
  /** Answers `navigator.credentials.get` options with a passkey (its counter moves on). */
  authenticate(passkey: SoftPasskey, options: Record<string, unknown>): object;
}

/** An authenticator for the site at `origin`, whose RP id is its host name. */
export function softAuthenticator(origin: string): SoftAuthenticator {
  const rpId = new URL(origin).hostname;
  const clientData = (type: string, challenge: unknown) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    register(options) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const credentialId = randomBytes(32);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        Buffer.alloc(4),
        Buffer.alloc(16),
        length,
        credentialId,
        coseKey,
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const user = options['user'] as { id: string };
      return {
        passkey: { credentialId, privateKey, counter: 0, userHandle: user.id },
        response: {
          id: b64url(credentialId),
          rawId: b64url(credentialId),
          type: 'public-key',
          response: {
            clientDataJSON: b64url(clientData('webauthn.create', options['challenge'])),
            attestationObject: b64url(attestationObject),
            transports: ['internal'],
          },
          clientExtensionResults: {},
        },
      };
    },

    authenticate(passkey, options) {
      passkey.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(passkey.counter);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), counter]);
      const clientDataJSON = clientData('webauthn.get', options['challenge']);
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(clientDataJSON)]),
        passkey.privateKey,
      );
      return {
        id: b64url(passkey.credentialId),
        rawId: b64url(passkey.credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: passkey.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
