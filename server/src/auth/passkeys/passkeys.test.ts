import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  buildPath,
  secondStepPaths,
  secondStepTexts,
  staffPaths,
  type ActivityList,
  type MfaChallenge,
  type Passkey,
} from '@um/contract';
import type { App } from '../../app-context.js';
import { callAs, loginTokens, postJson } from '../../test/auth-helpers.js';
import { insertUser, startTestSession } from '../../test/factories.js';
import { createTestApp, dialects, useTestApp } from '../../test/harness.js';
import { softAuthenticator, type SoftAuthenticator } from '../../test/webauthn.js';

async function addPasskey(app: App, access: string, device: SoftAuthenticator, name: string) {
  const options = await callAs(app, access, 'POST', secondStepPaths.passkeyOptions);
  expect(options.statusCode, options.body).toBe(200);
  const { passkey, response } = device.register(
    options.json<{ options: Record<string, unknown> }>().options,
  );
  const added = await callAs(app, access, 'POST', secondStepPaths.passkeys, {
    name,
    credential: response,
  });
  expect(added.statusCode, added.body).toBe(201);
  return { passkey, data: added.json<{ data: Passkey }>().data };
}

async function signInOptions(app: App) {
  const response = await postJson(app, secondStepPaths.passkeySignInOptions, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ options: Record<string, unknown> }>().options;
}

describe.each(dialects)('passkeys on %s', (dialect) => {
  const t = useTestApp(dialect);
  const device = () => softAuthenticator(t.config.appUrl);

  async function signedIn() {
    const user = await insertUser(t.database.db);
    return { user, ...(await loginTokens(t.app, user.email)) };
  }

  it('adds and names several passkeys, lists and removes them, each in the activity', async () => {
    const { access } = await signedIn();
    const laptop = await addPasskey(t.app, access, device(), 'Office laptop');
    const phone = await addPasskey(t.app, access, device(), 'Phone');
    expect(laptop.data).toMatchObject({ name: 'Office laptop', last_used_at: null });
    const list = await callAs(t.app, access, 'GET', secondStepPaths.passkeys);
    expect(list.json<{ data: Passkey[] }>().data.map((passkey) => passkey.name)).toEqual([
      'Office laptop',
      'Phone',
    ]);
    const removed = await callAs(
      t.app,
      access,
      'DELETE',
      buildPath(secondStepPaths.passkey, { id: phone.data.id }),
    );
    expect(removed.statusCode).toBe(204);
    const after = await callAs(t.app, access, 'GET', secondStepPaths.passkeys);
    expect(after.json<{ data: Passkey[] }>().data).toHaveLength(1);
    const kinds = (await callAs(t.app, access, 'GET', staffPaths.activity))
      .json<ActivityList>()
      .data.map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'passkey_added')).toHaveLength(2);
    expect(kinds).toContain('passkey_removed');
  });

  it("refuses to remove another person's passkey with a 404", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const { data } = await addPasskey(t.app, owner.access, device(), 'Mine');
    const response = await callAs(
      t.app,
      other.access,
      'DELETE',
      buildPath(secondStepPaths.passkey, { id: data.id }),
    );
    expect(response.statusCode).toBe(404);
  });

  it('signs in with a passkey alone, as both steps, and records it', async () => {
    const { user, access } = await signedIn();
    const authenticator = device();
    const { passkey } = await addPasskey(t.app, access, authenticator, 'Laptop');
    const options = await signInOptions(t.app);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const response = await postJson(t.app, secondStepPaths.passkeySignIn, {
      credential: authenticator.authenticate(passkey, options),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { token } = response.json<{ token: { access: string } }>();
    const profile = await callAs(t.app, token.access, 'GET', apiPaths.profile);
    expect(profile.json()).toMatchObject({ email: user.email });
    const kinds = (await callAs(t.app, token.access, 'GET', staffPaths.activity))
      .json<ActivityList>()
      .data.map((event) => event.kind);
    expect(kinds[0]).toBe('passkey_sign_in');
  });

  it('uses each sign-in challenge once: a replayed answer is refused', async () => {
    const { access } = await signedIn();
    const authenticator = device();
    const { passkey } = await addPasskey(t.app, access, authenticator, 'Laptop');
    const credential = authenticator.authenticate(passkey, await signInOptions(t.app));
    const answers = await Promise.all(
      [1, 2].map(() => postJson(t.app, secondStepPaths.passkeySignIn, { credential })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const replay = await postJson(t.app, secondStepPaths.passkeySignIn, { credential });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ detail: secondStepTexts.passkeyRejected });
  });

  it('refuses an answer signed by another key, or for another site, or for a challenge it was not given', async () => {
    const { access } = await signedIn();
    const authenticator = device();
    const { passkey } = await addPasskey(t.app, access, authenticator, 'Laptop');
    const impostor = device().register({ challenge: 'x', user: { id: 'x' } }).passkey;
    const forged = authenticator.authenticate(
      { ...impostor, credentialId: passkey.credentialId },
      await signInOptions(t.app),
    );
    expect(
      (await postJson(t.app, secondStepPaths.passkeySignIn, { credential: forged })).statusCode,
    ).toBe(401);

    const elsewhere = softAuthenticator('https://evil.example').authenticate(
      passkey,
      await signInOptions(t.app),
    );
    expect(
      (await postJson(t.app, secondStepPaths.passkeySignIn, { credential: elsewhere })).statusCode,
    ).toBe(401);

    const madeUp = authenticator.authenticate(passkey, { challenge: 'bm90LWdpdmVu' });
    expect(
      (await postJson(t.app, secondStepPaths.passkeySignIn, { credential: madeUp })).statusCode,
    ).toBe(401);
  });

  it('offers the passkey as the second step of a password sign-in', async () => {
    const { user, access } = await signedIn();
    await addPasskey(t.app, access, device(), 'Laptop');
    const login = await postJson(t.app, apiPaths.login, {
      email: user.email,
      password: 'correct horse battery staple',
    });
    expect(login.json<MfaChallenge>()).toMatchObject({
      mfa_required: true,
      methods: ['passkey'],
      enrolment_required: false,
    });
  });

  it('refuses a passkey of a deactivated account with 403', async () => {
    const { user, access } = await signedIn();
    const authenticator = device();
    const { passkey } = await addPasskey(t.app, access, authenticator, 'Laptop');
    await t.database.db
      .updateTable('users')
      .set({ status: 'deactivated' })
      .where('id', '=', user.id)
      .execute();
    const response = await postJson(t.app, secondStepPaths.passkeySignIn, {
      credential: authenticator.authenticate(passkey, await signInOptions(t.app)),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe.each(dialects)('passkeys of an SSO-only domain on %s', (dialect) => {
  it('refuses their sign-in with the way in', async () => {
    const t = await createTestApp(dialect, {
      ssoRequiredDomains: ['school.edu'],
      google: { clientId: 'client', jwksUrl: 'http://127.0.0.1:1/jwks' },
    });
    try {
      const user = await insertUser(t.database.db, { email: 'teacher@school.edu' });
      const { access } = await startTestSession(t.database.db, t.config.jwtSecret, user.id);
      const authenticator = softAuthenticator(t.config.appUrl);
      const { passkey } = await addPasskey(t.app, access, authenticator, 'Laptop');
      const response = await postJson(t.app, secondStepPaths.passkeySignIn, {
        credential: authenticator.authenticate(passkey, await signInOptions(t.app)),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        detail: 'Addresses at school.edu sign in with Google.',
      });
    } finally {
      await t.close();
    }
  });
});
