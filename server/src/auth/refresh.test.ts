import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@um/contract';
import { bearer, freezeClock, loginTokens, postJson, type Tokens } from '../test/auth-helpers.js';
import { insertUser } from '../test/factories.js';
import { sha256 } from '../db/stored-tokens.js';
import { dialects, useTestApp } from '../test/harness.js';

const PROBLEM = /^application\/problem\+json/;
const DAY = 24 * 60 * 60_000;

describe.each(dialects)('refresh-token rotation and logout on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterEach(() => {
    vi.useRealTimers();
  });

  const refresh = (token: string) => postJson(t.app, apiPaths.refresh, { refresh: token });
  const logout = (token: string) => postJson(t.app, apiPaths.logout, { refresh: token });

  async function refreshed(token: string): Promise<Tokens> {
    const response = await refresh(token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Tokens>();
  }

  /** Opens the pool's connections first, so racing requests really run side by side. */
  async function warmConnectionPool() {
    await Promise.all([1, 2, 3, 4, 5].map(() => sql`select 1`.execute(t.database.db)));
  }

  function familyOf(token: string) {
    return t.database.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
  }

  async function signIn(): Promise<Tokens> {
    const user = await insertUser(t.database.db);
    return loginTokens(t.app, user.email);
  }

  it('rotates the refresh token on every use and answers 200 with a new pair', async () => {
    const first = await signIn();
    const response = await refresh(first.refresh);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const second = response.json<Tokens>();
    expect(Object.keys(second).sort()).toEqual(['access', 'refresh']);
    expect(second.refresh).not.toBe(first.refresh);
    const profile = await t.app.inject({
      method: 'GET',
      url: apiPaths.profile,
      headers: bearer(second.access),
    });
    expect(profile.statusCode).toBe(200);
    const third = await refreshed(second.refresh);
    expect(third.refresh).not.toBe(second.refresh);
  });

  it('stores refresh tokens only as hashes', async () => {
    const first = await signIn();
    const second = await refreshed(first.refresh);
    const rows = await t.database.db.selectFrom('refresh_tokens').select('token_hash').execute();
    const stored = rows.map((row) => row.token_hash).join('\n');
    expect(stored).not.toContain(first.refresh);
    expect(stored).not.toContain(second.refresh);
  });

  it('revokes the whole family when a token rotated more than 10 seconds ago is presented again', async () => {
    const clock = freezeClock();
    const user = await insertUser(t.database.db);
    const stolen = await loginTokens(t.app, user.email);
    const otherDevice = await loginTokens(t.app, user.email);
    const current = await refreshed(stolen.refresh);
    clock.advance(11_000);

    const replay = await refresh(stolen.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['content-type']).toMatch(PROBLEM);
    expect((await refresh(current.refresh)).statusCode).toBe(401);
    expect((await refresh(otherDevice.refresh)).statusCode).toBe(200);
  });

  it('returns the current pair when a just-rotated token is presented again within 10 seconds', async () => {
    const clock = freezeClock();
    const first = await signIn();
    const second = await refreshed(first.refresh);
    clock.advance(9_000);
    const again = await refreshed(first.refresh);
    expect(again.refresh).toBe(second.refresh);
    expect(again.access).toEqual(expect.any(String));
    const third = await refreshed(second.refresh);
    expect(third.refresh).not.toBe(second.refresh);
  });

  it('lets tabs racing to refresh with one token all succeed with the same new token', async () => {
    const first = await signIn();
    await warmConnectionPool();
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(first.refresh)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const tokens = new Set(answers.map((answer) => answer.json<Tokens>().refresh));
    expect(tokens.size).toBe(1);
    const family = await t.database.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', (await familyOf(first.refresh)).family_id)
      .execute();
    expect(family).toHaveLength(2);
    expect((await refresh([...tokens][0]!)).statusCode).toBe(200);
  });

  it('follows several rotations within the grace period to the token now in use', async () => {
    const clock = freezeClock();
    const first = await signIn();
    const second = await refreshed(first.refresh);
    clock.advance(2_000);
    const third = await refreshed(second.refresh);
    clock.advance(2_000);
    expect((await refreshed(first.refresh)).refresh).toBe(third.refresh);
  });

  it('refuses a refresh token left unused for 7 days', async () => {
    const clock = freezeClock();
    const first = await signIn();
    clock.advance(7 * DAY - 1_000);
    const second = await refreshed(first.refresh);
    clock.advance(7 * DAY + 1_000);
    expect((await refresh(second.refresh)).statusCode).toBe(401);
  });

  it('ends a sign-in 30 days after it began, however often its token was rotated', async () => {
    const clock = freezeClock();
    let tokens = await signIn();
    for (let day = 6; day <= 24; day += 6) {
      clock.advance(6 * DAY);
      tokens = await refreshed(tokens.refresh);
    }
    clock.advance(6 * DAY - 60_000);
    tokens = await refreshed(tokens.refresh);
    clock.advance(61_000);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token with 401 problem JSON', async () => {
    const response = await refresh('x'.repeat(43));
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(PROBLEM);
  });

  it('logs out with 204 and revokes the family, so neither its current nor its older tokens work', async () => {
    const first = await signIn();
    const second = await refreshed(first.refresh);
    const response = await logout(second.refresh);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
  });

  const profile = (access: string) =>
    t.app.inject({ method: 'GET', url: apiPaths.profile, headers: bearer(access) });

  it("voids the access tokens of a session once it is logged out, and only that session's", async () => {
    const user = await insertUser(t.database.db);
    const here = await loginTokens(t.app, user.email);
    const rotated = await refreshed(here.refresh);
    const elsewhere = await loginTokens(t.app, user.email);
    expect((await logout(rotated.refresh)).statusCode).toBe(204);
    expect((await profile(here.access)).statusCode).toBe(401);
    expect((await profile(rotated.access)).statusCode).toBe(401);
    expect((await profile(elsewhere.access)).statusCode).toBe(200);
  });

  it('voids the access tokens of a session whose replayed refresh token revoked it', async () => {
    const clock = freezeClock();
    const stolen = await signIn();
    const current = await refreshed(stolen.refresh);
    clock.advance(11_000);
    expect((await refresh(stolen.refresh)).statusCode).toBe(401);
    expect((await profile(current.access)).statusCode).toBe(401);
  });

  it('answers 204 to a logout with a token it does not know', async () => {
    expect((await logout('y'.repeat(43))).statusCode).toBe(204);
  });
});
