import { describe, expect, it } from 'vitest';
import { apiPaths, texts } from '@um/contract';
import { bearer, postJson, type Tokens } from '../test/auth-helpers.js';
import { insertUser, unique } from '../test/factories.js';
import { type GoogleClaims, type Signing, useGoogleKeys } from '../test/google.js';
import { dialects, useTestApp } from '../test/harness.js';

const PROBLEM = /^application\/problem\+json/;

describe.each(dialects)('Google sign-in on %s', (dialect) => {
  const google = useGoogleKeys();
  const t = useTestApp(dialect, () => ({
    google: { clientId: google.clientId, jwksUrl: google.jwksUrl },
  }));

  const googleLogin = (token: string) => postJson(t.app, apiPaths.google, { token });
  const googleRegister = (token: string) => postJson(t.app, apiPaths.googleRegister, { token });
  const address = () => `${unique('g')}@school.test`;

  async function profileOf(response: { json<T>(): T }) {
    const { access } = response.json<{ token: Tokens }>().token;
    const profile = await t.app.inject({
      method: 'GET',
      url: apiPaths.profile,
      headers: bearer(access),
    });
    return profile.json<{ id: string; email: string; name: string }>();
  }

  it('signs in the account linked to the Google subject and answers 200 with a token pair', async () => {
    const sub = unique('sub');
    const user = await insertUser(t.database.db, { google_sub: sub, password: null });
    const response = await googleLogin(await google.sign({ sub, email: address() }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await profileOf(response)).id).toBe(String(user.id));
  });

  it('links an e-mail account to a verified Google identity with that address, then keys it by subject', async () => {
    const user = await insertUser(t.database.db);
    const sub = unique('sub');
    const linked = await googleLogin(await google.sign({ sub, email: user.email.toUpperCase() }));
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await profileOf(linked)).id).toBe(String(user.id));
    const row = await t.database.db
      .selectFrom('users')
      .select('google_sub')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.google_sub).toBe(sub);

    const renamed = await googleLogin(await google.sign({ sub, email: address() }));
    expect((await profileOf(renamed)).id).toBe(String(user.id));
  });

  it('answers 404 with a detail that says to sign up first when no account matches', async () => {
    const response = await googleLogin(await google.sign());
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(PROBLEM);
    expect(response.json().detail).toMatch(/sign up/i);
  });

  it('does not hand an e-mail account linked to one Google account to another', async () => {
    const user = await insertUser(t.database.db, { google_sub: unique('sub') });
    const response = await googleLogin(await google.sign({ email: user.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/different Google account/);
  });

  it('accepts both spellings of the issuer Google uses', async () => {
    const sub = unique('sub');
    await insertUser(t.database.db, { google_sub: sub });
    for (const iss of ['accounts.google.com', 'https://accounts.google.com']) {
      expect((await googleLogin(await google.sign({ sub, iss }))).statusCode).toBe(200);
    }
  });

  const now = () => Math.floor(Date.now() / 1000);
  const rejections: [string, () => GoogleClaims, Signing][] = [
    ['a signature by another key', () => ({}), 'wrong-key'],
    ['alg none', () => ({}), 'alg-none'],
    ['HS256 keyed with the public key', () => ({}), 'hs256-with-public-key'],
    ['another audience', () => ({ aud: 'someone-else.apps.googleusercontent.com' }), 'google'],
    ['another issuer', () => ({ iss: 'https://evil.example' }), 'google'],
    ['an expired token', () => ({ iat: now() - 7200, exp: now() - 3600 }), 'google'],
    ['no expiry', () => ({ exp: undefined }), 'google'],
    ['an unverified e-mail', () => ({ email_verified: false }), 'google'],
    ['no e-mail verification claim', () => ({ email_verified: undefined }), 'google'],
  ];

  it.each(rejections)(
    'refuses %s with 401 on login and on register',
    async (_case, claims, signing) => {
      const user = await insertUser(t.database.db);
      const sub = unique('sub');
      await t.database.db
        .updateTable('users')
        .set({ google_sub: sub })
        .where('id', '=', user.id)
        .execute();
      const token = await google.sign({ sub, email: user.email, ...claims() }, signing);

      const login = await googleLogin(token);
      expect(login.statusCode, login.body).toBe(401);
      expect(login.headers['content-type']).toMatch(PROBLEM);
      expect(login.json().detail).toContain(texts.google.loginFailed);

      const register = await googleRegister(token);
      expect(register.statusCode).toBe(401);
      expect(register.json().detail).toContain(texts.google.registrationFailed);
    },
  );

  it('never links an unverified address to the account that has it', async () => {
    const user = await insertUser(t.database.db);
    const response = await googleRegister(
      await google.sign({ email: user.email, email_verified: false }),
    );
    expect(response.statusCode).toBe(401);
    const row = await t.database.db
      .selectFrom('users')
      .select('google_sub')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.google_sub).toBeNull();
  });

  it('creates an account without a password for a new Google identity and answers 201', async () => {
    const email = address();
    const response = await googleRegister(await google.sign({ email, name: 'Asha Rao' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await profileOf(response)).toMatchObject({ email, name: 'Asha Rao' });
    const row = await t.database.db
      .selectFrom('users')
      .select(['password_hash', 'google_sub'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.google_sub).toEqual(expect.any(String));
  });

  it('keeps a Google name the databases can store alike: no NUL, no half character, at most 100 units', async () => {
    const email = address();
    const name = `\u0000${'a'.repeat(99)}😀 \uD800`;
    const response = await googleRegister(await google.sign({ email, name }));
    expect(response.statusCode, response.body).toBe(201);
    expect((await profileOf(response)).name).toBe('a'.repeat(99));
  });

  it('keeps a Google name on one line', async () => {
    const response = await googleRegister(
      await google.sign({ email: address(), name: 'Asha\n\tRao\r\n\u2028=1+2' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect((await profileOf(response)).name).toBe('Asha Rao =1+2');
  });

  it('keeps a Google name without the invisible format characters the sign-up form refuses', async () => {
    const response = await googleRegister(
      await google.sign({ email: address(), name: '\u200BAsha\u202E Rao\u2066\uFEFF' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect((await profileOf(response)).name).toBe('Asha Rao');
  });

  it('signs in with 200 when the Google identity already has an account', async () => {
    const sub = unique('sub');
    const first = await googleRegister(await google.sign({ sub }));
    expect(first.statusCode).toBe(201);
    const second = await googleRegister(await google.sign({ sub }));
    expect(second.statusCode).toBe(200);
    expect((await profileOf(second)).id).toBe((await profileOf(first)).id);
  });

  describe('with SIGNUP_ALLOWED_DOMAINS', () => {
    const limited = useTestApp(dialect, () => ({
      google: { clientId: google.clientId, jwksUrl: google.jwksUrl },
      signupAllowedDomains: ['school.test'],
    }));

    it('creates accounts only in the allowed domains, but still signs in existing ones', async () => {
      const outsider = `${unique('out')}@elsewhere.test`;
      const register = (token: string) => postJson(limited.app, apiPaths.googleRegister, { token });
      const refused = await register(await google.sign({ email: outsider }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toContain('@school.test');

      const existing = await insertUser(limited.database.db, { email: outsider });
      expect((await register(await google.sign({ email: existing.email }))).statusCode).toBe(200);
      expect((await register(await google.sign({ email: address() }))).statusCode).toBe(201);
    });
  });

  describe('without GOOGLE_CLIENT_ID', () => {
    const unconfigured = useTestApp(dialect);

    it('answers both Google calls with 503 and a clear detail', async () => {
      for (const path of [apiPaths.google, apiPaths.googleRegister]) {
        const response = await postJson(unconfigured.app, path, { token: await google.sign() });
        expect(response.statusCode).toBe(503);
        expect(response.headers['content-type']).toMatch(PROBLEM);
        expect(response.json().detail).toMatch(/not configured/);
      }
    });
  });

  describe("when Google's keys cannot be fetched", () => {
    const unreachable = useTestApp(dialect, () => ({
      google: { clientId: google.clientId, jwksUrl: 'http://127.0.0.1:1/certs' },
    }));

    it('answers 503 rather than blaming the credential', async () => {
      const response = await postJson(unreachable.app, apiPaths.google, {
        token: await google.sign(),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toMatch(/unavailable/);
    });
  });
});
