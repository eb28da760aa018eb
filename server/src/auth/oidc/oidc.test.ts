import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  OIDC_CALLBACK_ROUTE,
  secondStepPaths,
  secondStepTexts,
  staffPaths,
  type ActivityList,
} from '@um/contract';
import type { App } from '../../app-context.js';
import { bearer, postJson } from '../../test/auth-helpers.js';
import { DEFAULT_PASSWORD, insertUser, unique } from '../../test/factories.js';
import { createTestApp, dialects, useTestApp } from '../../test/harness.js';
import {
  claimsFor,
  signInAtProvider,
  startOidcProvider,
} from '../../../../e2e/support/oidc-provider.mjs';

const APP_URL = 'http://localhost:5173';
const REDIRECT_URI = `${APP_URL}${OIDC_CALLBACK_ROUTE}`;
const client = { clientId: 'user-management', clientSecret: 'a test client secret' };

let provider: { issuer: string; close(): Promise<void> };
beforeAll(async () => {
  provider = await startOidcProvider({ ...client, redirectUri: REDIRECT_URI });
});
afterAll(() => provider.close());

async function start(app: App, intent: 'login' | 'register') {
  const response = await postJson(app, secondStepPaths.oidcStart, { intent });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string; state: string }>();
}

/** A whole sign-in: the app's start, the provider's login form, the app's callback. */
async function signIn(app: App, login: string, intent: 'login' | 'register' = 'login') {
  const { url } = await start(app, intent);
  const back = await signInAtProvider(url, login, REDIRECT_URI);
  return postJson(app, secondStepPaths.oidcCallback, back);
}

describe.each(dialects)('sign-in through an OpenID provider on %s', (dialect) => {
  const t = useTestApp(dialect, () => ({
    appUrl: APP_URL,
    oidc: { issuer: provider.issuer, ...client, name: 'Microsoft' },
  }));

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const { url, state } = await start(t.app, 'login');
    const authorization = new URL(url);
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: client.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state,
    });
    expect(authorization.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const stored = await t.database.db.selectFrom('oidc_logins').select('state_hash').execute();
    expect(stored.map((row) => row.state_hash)).not.toContain(state);
  });

  it('signs an existing account in by its verified address, links it, and records the sign-in', async () => {
    const user = await insertUser(t.database.db, { email: `${unique('t')}@school.test` });
    const response = await signIn(t.app, user.email);
    expect(response.statusCode, response.body).toBe(200);
    const { token } = response.json<{ token: { access: string } }>();
    const profile = await t.app.inject({ url: apiPaths.profile, headers: bearer(token.access) });
    expect(profile.json()).toMatchObject({ email: user.email });
    const linked = await t.database.db
      .selectFrom('users')
      .select(['oidc_issuer', 'oidc_sub'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(linked).toEqual({ oidc_issuer: provider.issuer, oidc_sub: claimsFor(user.email).sub });
    const activity = await t.app.inject({
      url: staffPaths.activity,
      headers: bearer(token.access),
    });
    expect(activity.json<ActivityList>().data[0]?.kind).toBe('oidc_sign_in');
    // The second time, the account is found by its subject.
    expect((await signIn(t.app, user.email)).statusCode).toBe(200);
  });

  it('does not ask the second step of an account that has one: the provider answers for it', async () => {
    const user = await insertUser(t.database.db, { email: `${unique('m')}@school.test` });
    const { access } = (
      await postJson(t.app, apiPaths.login, { email: user.email, password: DEFAULT_PASSWORD })
    ).json<{ token: { access: string } }>().token;
    const setup = await t.app.inject({
      method: 'POST',
      url: secondStepPaths.totpSetup,
      headers: bearer(access),
    });
    const { secret } = setup.json<{ secret: string }>();
    const confirm = await t.app.inject({
      method: 'POST',
      url: secondStepPaths.totpConfirm,
      headers: bearer(access),
      payload: { code: await generate({ secret }) },
    });
    expect(confirm.statusCode).toBe(200);
    const password = await postJson(t.app, apiPaths.login, {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(password.json()).toHaveProperty('mfa_required', true);
    const response = await signIn(t.app, user.email);
    expect(response.json()).toHaveProperty('token');
  });

  it('answers a sign-in without an account 404, and a sign-up creates it (201)', async () => {
    const email = `${unique('new')}@school.test`;
    const login = await signIn(t.app, email, 'login');
    expect(login.statusCode).toBe(404);
    expect(login.json()).toMatchObject({ detail: secondStepTexts.oidcNoAccount('Microsoft') });
    const register = await signIn(t.app, email, 'register');
    expect(register.statusCode, register.body).toBe(201);
    const user = await t.database.db
      .selectFrom('users')
      .select(['email', 'password_hash', 'role'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ password_hash: null, role: 'staff' });
    expect((await signIn(t.app, email, 'register')).statusCode).toBe(200);
  });

  it('gives a sign-up the role of the pending invitation of its address, and uses it up', async () => {
    const email = `${unique('invited')}@school.test`;
    const admin = await insertUser(t.database.db, { role: 'admin' });
    await t.database.db
      .insertInto('invitations')
      .values({
        email,
        role: 'viewer',
        token_hash: unique('hash'),
        invited_by: admin.id,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        used_at: null,
      })
      .execute();
    const register = await signIn(t.app, email, 'register');
    expect(register.statusCode, register.body).toBe(201);
    const user = await t.database.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('viewer');
    const invitation = await t.database.db
      .selectFrom('invitations')
      .select('used_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(invitation.used_at).not.toBeNull();
  });

  it('refuses an address the provider has not verified', async () => {
    const email = `unverified${unique()}@school.test`;
    await insertUser(t.database.db, { email });
    const response = await signIn(t.app, email);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      detail: secondStepTexts.oidcUnverifiedEmail('Microsoft'),
    });
  });

  it('uses a flow once: the same callback again, or a made-up state, is refused', async () => {
    const user = await insertUser(t.database.db);
    const { url } = await start(t.app, 'login');
    const back = await signInAtProvider(url, user.email, REDIRECT_URI);
    const answers = await Promise.all(
      [1, 2].map(() => postJson(t.app, secondStepPaths.oidcCallback, back)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const madeUp = await postJson(t.app, secondStepPaths.oidcCallback, {
      ...back,
      state: 'made-up',
    });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({ detail: secondStepTexts.oidcStateRejected });
  });

  it("refuses a code sent back with another flow's state (the nonce and PKCE do not match)", async () => {
    const user = await insertUser(t.database.db);
    const first = await start(t.app, 'login');
    const back = await signInAtProvider(first.url, user.email, REDIRECT_URI);
    const second = await start(t.app, 'login');
    const swapped = await postJson(t.app, secondStepPaths.oidcCallback, {
      ...back,
      state: second.state,
    });
    expect(swapped.statusCode).toBe(401);
  });

  it('refuses a deactivated account with 403', async () => {
    const user = await insertUser(t.database.db, { status: 'deactivated' });
    expect((await signIn(t.app, user.email)).statusCode).toBe(403);
  });

  it('tells the web app the provider’s name for its button', async () => {
    const response = await t.app.inject({ url: apiPaths.config });
    expect(response.json()).toMatchObject({ oidc_name: 'Microsoft' });
  });
});

describe.each(dialects)('an OpenID provider that is not there on %s', (dialect) => {
  it('answers 503 when none is configured, and when it cannot be reached', async () => {
    const none = await createTestApp(dialect);
    const away = await createTestApp(dialect, {
      oidc: { issuer: 'http://127.0.0.1:1', ...client, name: 'Microsoft' },
    });
    try {
      const notConfigured = await postJson(none.app, secondStepPaths.oidcStart, {
        intent: 'login',
      });
      expect(notConfigured.statusCode).toBe(503);
      expect((await none.app.inject({ url: apiPaths.config })).json()).toMatchObject({
        oidc_name: null,
      });
      const unreachable = await postJson(away.app, secondStepPaths.oidcStart, {
        intent: 'login',
      });
      expect(unreachable.statusCode).toBe(503);
      expect(unreachable.json()).toMatchObject({ detail: secondStepTexts.oidcUnavailable });
    } finally {
      await none.close();
      await away.close();
    }
  });
});
