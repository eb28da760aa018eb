import { createSigner } from 'fast-jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freezeClock } from '../test/auth-helpers.js';
import { ACCESS_TOKEN_TTL_SECONDS, readAccessToken, signAccessToken } from './access-token.js';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const sessionId = '0b5f1c3e-2d4a-4e6f-8a9b-c0d1e2f3a4b5';

/** The token with one character of its signature changed (not the last: it holds padding bits). */
function altered(token: string): string {
  const at = token.length - 10;
  const replacement = token[at] === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${replacement}${token.slice(at + 1)}`;
}

describe('reading access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the same token again with the same claims, and refuses a copy with its signature altered', async () => {
    const token = await signAccessToken(secret, { userId: 42, tokenVersion: 3, sessionId });
    const claims = readAccessToken(secret, token);
    expect(claims).toEqual({
      userId: 42,
      tokenVersion: 3,
      sessionId,
      issuedAt: expect.any(Number),
      expiresAt: claims!.issuedAt + ACCESS_TOKEN_TTL_SECONDS,
    });
    expect(readAccessToken(secret, token)).toEqual(claims);
    expect(readAccessToken(secret, altered(token))).toBeNull();
  });

  it('refuses a token it has read before once its expiry has passed', async () => {
    const clock = freezeClock();
    const token = await signAccessToken(secret, { userId: 7, tokenVersion: 0, sessionId });
    const claims = readAccessToken(secret, token);
    expect(claims).not.toBeNull();
    // `exp` has whole seconds; the token counts up to that instant included.
    clock.advance((claims!.issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000 - Date.now());
    expect(readAccessToken(secret, token)).not.toBeNull();
    clock.advance(1);
    expect(readAccessToken(secret, token)).toBeNull();
  });

  it('refuses under another secret a token read under its own', async () => {
    const token = await signAccessToken(secret, { userId: 9, tokenVersion: 0, sessionId });
    expect(readAccessToken(secret, token)).not.toBeNull();
    expect(readAccessToken('another-secret-of-thirty-two-characters', token)).toBeNull();
  });

  it('reads every token correctly when more are read than it keeps', async () => {
    const tokens = await Promise.all(
      Array.from({ length: 1_500 }, (_, index) =>
        signAccessToken(secret, { userId: index + 1, tokenVersion: 0, sessionId }),
      ),
    );
    for (const token of tokens) readAccessToken(secret, token);
    tokens.forEach((token, index) => {
      expect(readAccessToken(secret, token)?.userId).toBe(index + 1);
    });
  });

  it('refuses a token that carries no token version, as those signed before versions existed', () => {
    const issuedAt = Math.floor(Date.now() / 1000);
    const claims = {
      typ: 'access',
      iss: 'user-management',
      sub: '5',
      iat: issuedAt,
      sid: sessionId,
    };
    const sign = createSigner({ key: secret, algorithm: 'HS256' });
    const exp = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
    expect(readAccessToken(secret, sign({ ...claims, exp }))).toBeNull();
    expect(readAccessToken(secret, sign({ ...claims, exp, ver: -1 }))).toBeNull();
    expect(readAccessToken(secret, sign({ ...claims, exp, ver: '0' }))).toBeNull();
    expect(readAccessToken(secret, sign({ ...claims, exp, ver: 0 }))).toMatchObject({
      userId: 5,
      tokenVersion: 0,
    });
  });

  it('refuses a token that names no session, or not as a session id, as those signed before sessions were named', () => {
    const issuedAt = Math.floor(Date.now() / 1000);
    const claims = { typ: 'access', iss: 'user-management', sub: '5', iat: issuedAt, ver: 0 };
    const sign = createSigner({ key: secret, algorithm: 'HS256' });
    const exp = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
    expect(readAccessToken(secret, sign({ ...claims, exp }))).toBeNull();
    expect(readAccessToken(secret, sign({ ...claims, exp, sid: 7 }))).toBeNull();
    expect(readAccessToken(secret, sign({ ...claims, exp, sid: 'x'.repeat(36) }))).toBeNull();
    expect(readAccessToken(secret, sign({ ...claims, exp, sid: sessionId }))).toMatchObject({
      userId: 5,
      sessionId,
    });
  });
});
