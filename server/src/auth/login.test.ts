import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, texts } from '@um/contract';
import { bearer, freezeClock, loginTokens, postJson } from '../test/auth-helpers.js';
import { DEFAULT_PASSWORD, insertUser, unique } from '../test/factories.js';
import { dialects, useTestApp } from '../test/harness.js';

const PROBLEM = /^application\/problem\+json/;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe.each(dialects)('login, profile and access tokens on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterEach(() => {
    vi.useRealTimers();
  });

  const login = (email: string, password: string) =>
    postJson(t.app, apiPaths.login, { email, password });
  const profile = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: apiPaths.profile, headers });

  it('logs in with e-mail and password, in any letter case, and answers 200 with a token pair', async () => {
    const user = await insertUser(t.database.db);
    const response = await login(`  ${user.email.toUpperCase()} `, DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ token: { access: string; refresh: string } }>();
    expect(Object.keys(body.token).sort()).toEqual(['access', 'refresh']);
    expect((await profile(bearer(body.token.access))).statusCode).toBe(200);
  });

  it('answers an unknown address, a wrong password and a Google-only account with one identical 401', async () => {
    const user = await insertUser(t.database.db);
    const googleOnly = await insertUser(t.database.db, { password: null, google_sub: unique('g') });
    const answers = await Promise.all([
      login(`${unique('nobody')}@school.test`, DEFAULT_PASSWORD),
      login(user.email, 'not the password'),
      login(googleOnly.email, DEFAULT_PASSWORD),
      login(googleOnly.email, ''),
    ]);
    const [unknown, wrong, google] = answers;
    expect(unknown!.statusCode).toBe(401);
    expect(unknown!.headers['content-type']).toMatch(PROBLEM);
    expect(unknown!.json()).toMatchObject({ status: 401, detail: texts.login.failed });
    expect(wrong!.body).toBe(unknown!.body);
    expect(google!.body).toBe(unknown!.body);
    expect(answers[3]!.statusCode).toBe(400);
  });

  it('spends the same Argon2 work on an unknown address as on a wrong password', async () => {
    const user = await insertUser(t.database.db);
    await login(`${unique('warm')}@school.test`, 'warm up the dummy hash');
    const timed = async (email: string) => {
      const started = performance.now();
      await login(email, 'not the password');
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      known.push(await timed(user.email));
      unknown.push(await timed(`${unique('nobody')}@school.test`));
    }
    // Without the dummy hash an unknown address answers in about a millisecond, against
    // tens of milliseconds for a real verification.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('answers the profile with a string id, the e-mail, the name, the role and the status, and nothing else', async () => {
    const user = await insertUser(t.database.db, { name: 'Asha Rao' });
    const { access } = await loginTokens(t.app, user.email);
    const response = await profile(bearer(access));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: String(user.id),
      email: user.email,
      name: 'Asha Rao',
      role: 'staff',
      status: 'active',
    });
  });

  it('answers 401 problem JSON to every protected call without a valid access token', async () => {
    const user = await insertUser(t.database.db);
    const { refresh } = await loginTokens(t.app, user.email);
    const otherSecret = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('user-management')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('a different secret that is long enough'));
    const wrongType = await new SignJWT({ typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('user-management')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(
        JSON.stringify({
          typ: 'access',
          sub: String(user.id),
          iss: 'user-management',
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 900,
        }),
      ).toString('base64url'),
      '',
    ].join('.');
    const otherIssuer = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('someone-else')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const [header, , signature] = otherIssuer.split('.');
    const tampered = [header, unsigned.split('.')[1], signature].join('.');
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer not-a-token' },
      bearer(refresh),
      bearer(otherSecret),
      bearer(wrongType),
      bearer(unsigned),
      bearer(otherIssuer),
      bearer(tampered),
    ];
    for (const headers of headerSets) {
      for (const call of [
        () => profile(headers),
        () =>
          postJson(
            t.app,
            apiPaths.changePassword,
            {
              current_password: DEFAULT_PASSWORD,
              password: 'new password 1',
              password2: 'new password 1',
            },
            headers,
          ),
      ]) {
        const response = await call();
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
        expect(response.headers['content-type']).toMatch(PROBLEM);
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
    }
  });

  it('accepts an access token for 15 minutes and refuses it after', async () => {
    const clock = freezeClock();
    const user = await insertUser(t.database.db);
    const { access } = await loginTokens(t.app, user.email);
    clock.advance(15 * 60_000 - 1_000);
    expect((await profile(bearer(access))).statusCode).toBe(200);
    clock.advance(2_000);
    expect((await profile(bearer(access))).statusCode).toBe(401);
  });

  it("stops accepting a deleted user's access and refresh tokens", async () => {
    const user = await insertUser(t.database.db);
    const { access, refresh } = await loginTokens(t.app, user.email);
    await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await profile(bearer(access))).statusCode).toBe(401);
    expect((await postJson(t.app, apiPaths.refresh, { refresh })).statusCode).toBe(401);
  });
});
