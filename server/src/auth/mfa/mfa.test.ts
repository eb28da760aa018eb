import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPaths,
  buildPath,
  secondStepPaths,
  secondStepTexts,
  staffPaths,
  type ActivityList,
  type HistoryList,
  type MfaChallenge,
  type MfaStatus,
  type StaffList,
} from '@um/contract';
import type { App } from '../../app-context.js';
import { callAs, freezeClock, loginTokens, postJson } from '../../test/auth-helpers.js';
import { DEFAULT_PASSWORD, insertUser, unique } from '../../test/factories.js';
import { createTestApp, dialects, useTestApp } from '../../test/harness.js';
import { useSmtpCatcher } from '../../test/smtp-catcher.js';

/** The code an authenticator app shows for the secret at `at` (the app's clock). */
function codeAt(secret: string, at: Date = new Date()): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

async function passwordLogin(app: App, email: string, password = DEFAULT_PASSWORD) {
  return postJson(app, apiPaths.login, { email, password });
}

async function challengeFor(app: App, email: string): Promise<MfaChallenge> {
  const response = await passwordLogin(app, email);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<MfaChallenge>();
  expect(body.mfa_required).toBe(true);
  return body;
}

/** Turns the authenticator app on from the profile; its secret and recovery codes. */
async function enrol(app: App, access: string) {
  const setup = await callAs(app, access, 'POST', secondStepPaths.totpSetup);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
  const confirm = await callAs(app, access, 'POST', secondStepPaths.totpConfirm, {
    code: await codeAt(secret),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return {
    secret,
    otpauth_url,
    recovery: confirm.json<{ recovery_codes: string[] }>().recovery_codes,
  };
}

async function activityKinds(app: App, access: string): Promise<string[]> {
  const response = await callAs(app, access, 'GET', staffPaths.activity);
  return response.json<ActivityList>().data.map((event) => event.kind);
}

describe.each(dialects)('two-step codes on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterEach(() => vi.useRealTimers());

  async function enrolledUser() {
    const user = await insertUser(t.database.db);
    const { access } = await loginTokens(t.app, user.email);
    return { user, access, ...(await enrol(t.app, access)) };
  }

  it('enrols with a QR code address and one code, shows 10 recovery codes once and keeps the secret sealed', async () => {
    const { user, access, secret, otpauth_url, recovery } = await enrolledUser();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect(recovery[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    const row = await t.database.db
      .selectFrom('totp_authenticators')
      .select('secret')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(secret);
    const codes = await t.database.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(codes).toHaveLength(10);
    for (const { code_hash } of codes) {
      expect(recovery.join(' ')).not.toContain(code_hash);
    }

    const status = await callAs(t.app, access, 'GET', secondStepPaths.mfa);
    expect(status.json<{ data: MfaStatus }>().data).toMatchObject({
      totp: true,
      recovery_codes_left: 10,
      passkeys: 0,
      has_password: true,
    });
    expect(await activityKinds(t.app, access)).toContain('mfa_enabled');
    // A second set-up while one is on is refused.
    expect((await callAs(t.app, access, 'POST', secondStepPaths.totpSetup)).statusCode).toBe(409);
  });

  it('refuses a wrong first code and leaves the app off', async () => {
    const user = await insertUser(t.database.db);
    const { access } = await loginTokens(t.app, user.email);
    const setup = await callAs(t.app, access, 'POST', secondStepPaths.totpSetup);
    const { secret } = setup.json<{ secret: string }>();
    const wrong = String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const response = await callAs(t.app, access, 'POST', secondStepPaths.totpConfirm, {
      code: wrong,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { code: [secondStepTexts.codeRejected] } });
    const status = await callAs(t.app, access, 'GET', secondStepPaths.mfa);
    expect(status.json<{ data: MfaStatus }>().data.totp).toBe(false);
    expect((await passwordLogin(t.app, user.email)).json()).toHaveProperty('token');
  });

  it('asks for the second step after the right password and signs in with a code', async () => {
    const { user, secret } = await enrolledUser();
    const challenge = await challengeFor(t.app, user.email);
    expect(challenge).toMatchObject({
      mfa_required: true,
      methods: ['totp', 'recovery_code'],
      enrolment_required: false,
    });
    expect(challenge).not.toHaveProperty('token');
    // The mfa_token is not a bearer token.
    const profile = await callAs(t.app, challenge.mfa_token, 'GET', apiPaths.profile);
    expect(profile.statusCode).toBe(401);

    const clock = freezeClock();
    clock.advance(31_000);
    const response = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: challenge.mfa_token,
      code: await codeAt(secret),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { token } = response.json<{ token: { access: string; refresh: string } }>();
    expect((await callAs(t.app, token.access, 'GET', apiPaths.profile)).statusCode).toBe(200);

    // The mfa_token is single use.
    const again = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: challenge.mfa_token,
      code: await codeAt(secret),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ detail: secondStepTexts.mfaTokenRejected });
  });

  it('does not accept the same code twice, even with a new mfa_token', async () => {
    const { user, secret } = await enrolledUser();
    const clock = freezeClock();
    clock.advance(31_000);
    const code = await codeAt(secret);
    const first = await challengeFor(t.app, user.email);
    const ok = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: first.mfa_token,
      code,
    });
    expect(ok.statusCode).toBe(200);
    const second = await challengeFor(t.app, user.email);
    const replay = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: second.mfa_token,
      code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ detail: secondStepTexts.codeRejected });
    // The next step's code works.
    clock.advance(30_000);
    const next = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: second.mfa_token,
      code: await codeAt(secret),
    });
    expect(next.statusCode).toBe(200);
  });

  it('accepts one of two sign-ins sent at once with the same code', async () => {
    const { user, secret } = await enrolledUser();
    const clock = freezeClock();
    clock.advance(31_000);
    const code = await codeAt(secret);
    const challenges = [
      await challengeFor(t.app, user.email),
      await challengeFor(t.app, user.email),
      await challengeFor(t.app, user.email),
    ];
    const answers = await Promise.all(
      challenges.map((challenge) =>
        postJson(t.app, secondStepPaths.loginMfa, { mfa_token: challenge.mfa_token, code }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('signs in with a recovery code once, written in any case and with or without its dashes', async () => {
    const { user, access, recovery } = await enrolledUser();
    const code = recovery[3]!;
    const challenge = await challengeFor(t.app, user.email);
    const response = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: challenge.mfa_token,
      recovery_code: ` ${code.toUpperCase().replaceAll('-', ' ')} `,
    });
    expect(response.statusCode, response.body).toBe(200);
    const reused = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: (await challengeFor(t.app, user.email)).mfa_token,
      recovery_code: code,
    });
    expect(reused.statusCode).toBe(401);
    const status = await callAs(t.app, access, 'GET', secondStepPaths.mfa);
    expect(status.json<{ data: MfaStatus }>().data.recovery_codes_left).toBe(9);
    expect(await activityKinds(t.app, access)).toEqual(
      expect.arrayContaining(['recovery_code_used', 'mfa_failed']),
    );
  });

  it('uses a recovery code once when two sign-ins send it at once', async () => {
    const { user, recovery } = await enrolledUser();
    const challenges = [
      await challengeFor(t.app, user.email),
      await challengeFor(t.app, user.email),
    ];
    const answers = await Promise.all(
      challenges.map((challenge) =>
        postJson(t.app, secondStepPaths.loginMfa, {
          mfa_token: challenge.mfa_token,
          recovery_code: recovery[0],
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('burns the mfa_token after 5 wrong codes, and the right one no longer works', async () => {
    const { user, access, secret } = await enrolledUser();
    const challenge = await challengeFor(t.app, user.email);
    for (let index = 0; index < 5; index += 1) {
      const wrong = await postJson(t.app, secondStepPaths.loginMfa, {
        mfa_token: challenge.mfa_token,
        code: '000000',
      });
      expect(wrong.statusCode).toBe(401);
    }
    const right = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: challenge.mfa_token,
      code: await codeAt(secret),
    });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ detail: secondStepTexts.mfaTokenRejected });
    const kinds = await activityKinds(t.app, access);
    expect(kinds.filter((kind) => kind === 'mfa_failed')).toHaveLength(5);
  });

  it('checks at most 5 of 20 wrong codes sent at once for one mfa_token', async () => {
    const { user, access, secret } = await enrolledUser();
    const challenge = await challengeFor(t.app, user.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postJson(t.app, secondStepPaths.loginMfa, {
          mfa_token: challenge.mfa_token,
          code: '000000',
        }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
    const kinds = await activityKinds(t.app, access);
    expect(kinds.filter((kind) => kind === 'mfa_failed').length).toBeLessThanOrEqual(5);
    const right = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: challenge.mfa_token,
      code: await codeAt(secret),
    });
    expect(right.statusCode).toBe(401);
  });

  it('lets an mfa_token expire after 5 minutes', async () => {
    const { user, secret } = await enrolledUser();
    const clock = freezeClock();
    const challenge = await challengeFor(t.app, user.email);
    clock.advance(5 * 60_000 + 1_000);
    const response = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: challenge.mfa_token,
      code: await codeAt(secret),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: secondStepTexts.mfaTokenRejected });
  });

  it('turns the app off only with the password, and the password alone signs in again', async () => {
    const { user, access } = await enrolledUser();
    const wrong = await callAs(t.app, access, 'POST', secondStepPaths.totpDisable, {
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { password: [secondStepTexts.passwordWrong] } });
    expect((await challengeFor(t.app, user.email)).mfa_required).toBe(true);
    const off = await callAs(t.app, access, 'POST', secondStepPaths.totpDisable, {
      password: DEFAULT_PASSWORD,
    });
    expect(off.statusCode).toBe(204);
    expect((await passwordLogin(t.app, user.email)).json()).toHaveProperty('token');
    expect(await activityKinds(t.app, access)).toContain('mfa_disabled');
    const left = await t.database.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('gives a new set of recovery codes for the password; the old ones stop working', async () => {
    const { user, access, recovery } = await enrolledUser();
    const renewed = await callAs(t.app, access, 'POST', secondStepPaths.recoveryCodes, {
      password: DEFAULT_PASSWORD,
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    const old = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: (await challengeFor(t.app, user.email)).mfa_token,
      recovery_code: recovery[0],
    });
    expect(old.statusCode).toBe(401);
    const ok = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: (await challengeFor(t.app, user.email)).mfa_token,
      recovery_code: fresh[0],
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a code or a recovery code that is not of the right form with a 400 naming the field', async () => {
    const bad = await postJson(t.app, secondStepPaths.loginMfa, { mfa_token: 'x', code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { code: [secondStepTexts.codeFormat] } });
    const neither = await postJson(t.app, secondStepPaths.loginMfa, { mfa_token: 'x' });
    expect(neither.json()).toMatchObject({ errors: { code: [secondStepTexts.codeRequired] } });
  });
});

describe.each(dialects)('wrong codes and the login limit on %s', (dialect) => {
  const t = useTestApp(dialect, () => ({
    rateLimits: {
      loginPerIp: { max: 1000, windowMs: 60_000 },
      loginFailuresPerAccount: { max: 3, windowMs: 15 * 60_000 },
      mailPerAddress: { max: 1000, windowMs: 60_000 },
      mailPerIp: { max: 1000, windowMs: 60_000 },
      registerPerIp: { max: 1000, windowMs: 60_000 },
      resetPerIp: { max: 1000, windowMs: 60_000 },
      oauthTokenPerIp: { max: 1000, windowMs: 60_000 },
    },
  }));

  it('counts wrong codes against the account like wrong passwords', async () => {
    const user = await insertUser(t.database.db);
    const { access } = await loginTokens(t.app, user.email);
    await enrol(t.app, access);
    const statuses = [];
    for (let index = 0; index < 3; index += 1) {
      const challenge = await challengeFor(t.app, user.email);
      const wrong = await postJson(t.app, secondStepPaths.loginMfa, {
        mfa_token: challenge.mfa_token,
        code: '000000',
      });
      statuses.push(wrong.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401]);
    expect((await passwordLogin(t.app, user.email)).statusCode).toBe(429);
  });
});

describe.each(dialects)('second step required by role on %s', (dialect) => {
  const smtp = useSmtpCatcher();
  // Each test starts from a school of its own: what one test requires changes the next's logins.
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    t = await createTestApp(dialect, { smtpUrl: smtp.url });
  });
  afterEach(() => t.close());

  /** Walks an account of a required role through its set-up; its secret and session. */
  async function walkThrough(email: string) {
    const challenge = await challengeFor(t.app, email);
    expect(challenge).toMatchObject({ enrolment_required: true, methods: [] });
    // Nothing else opens with the enrolment's token.
    expect((await callAs(t.app, challenge.mfa_token, 'GET', apiPaths.profile)).statusCode).toBe(
      401,
    );
    const wrongPurpose = await postJson(t.app, secondStepPaths.loginMfa, {
      mfa_token: challenge.mfa_token,
      code: '123456',
    });
    expect(wrongPurpose.statusCode).toBe(401);
    const setup = await postJson(t.app, secondStepPaths.loginTotpSetup, {
      mfa_token: challenge.mfa_token,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const done = await postJson(t.app, secondStepPaths.loginTotpConfirm, {
      mfa_token: challenge.mfa_token,
      code: await codeAt(secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json<{ token: { access: string }; recovery_codes: string[] }>();
    expect(body.recovery_codes).toHaveLength(10);
    return { secret, access: body.token.access };
  }

  it("requires admins' second step by default once an admin has one, and walks the others through it", async () => {
    const first = await insertUser(t.database.db, { role: 'admin' });
    const second = await insertUser(t.database.db, { role: 'admin' });
    const staff = await insertUser(t.database.db, { role: 'staff' });
    const firstSession = await loginTokens(t.app, first.email);
    const settings = await callAs(
      t.app,
      firstSession.access,
      'GET',
      secondStepPaths.securitySettings,
    );
    expect(settings.json()).toMatchObject({ data: { mfa_required_roles: [], chosen: false } });

    await enrol(t.app, firstSession.access);
    const after = await callAs(t.app, firstSession.access, 'GET', secondStepPaths.securitySettings);
    expect(after.json()).toMatchObject({ data: { mfa_required_roles: ['admin'], chosen: false } });
    expect((await passwordLogin(t.app, staff.email)).json()).toHaveProperty('token');

    const { access } = await walkThrough(second.email);
    expect((await callAs(t.app, access, 'GET', apiPaths.profile)).statusCode).toBe(200);
    // From now on the second admin is asked for a code.
    expect((await challengeFor(t.app, second.email)).enrolment_required).toBe(false);
  });

  it('walks every role an admin chooses through the set-up, and only an admin chooses', async () => {
    const admin = await insertUser(t.database.db, { role: 'admin' });
    const staff = await insertUser(t.database.db, { role: 'staff' });
    const viewer = await insertUser(t.database.db, { role: 'viewer' });
    const adminSession = await loginTokens(t.app, admin.email);
    const staffSession = await loginTokens(t.app, staff.email);
    const refused = await callAs(
      t.app,
      staffSession.access,
      'PUT',
      secondStepPaths.securitySettings,
      {
        mfa_required_roles: [],
      },
    );
    expect(refused.statusCode).toBe(403);

    const saved = await callAs(
      t.app,
      adminSession.access,
      'PUT',
      secondStepPaths.securitySettings,
      {
        mfa_required_roles: ['viewer', 'staff'],
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      data: { mfa_required_roles: ['staff', 'viewer'], chosen: true, updated_by: admin.name },
    });
    await walkThrough(staff.email);
    await walkThrough(viewer.email);
    expect((await passwordLogin(t.app, admin.email)).json()).toHaveProperty('token');

    // A person whose role requires a second step cannot turn off their only one.
    const staffNow = await callAs(
      t.app,
      (await walkThrough((await insertUser(t.database.db, { role: 'staff' })).email)).access,
      'POST',
      secondStepPaths.totpDisable,
      { password: DEFAULT_PASSWORD },
    );
    expect(staffNow.statusCode).toBe(409);
    expect(staffNow.json()).toMatchObject({ detail: secondStepTexts.stillRequired });
  });

  it("lets an admin reset a colleague's second step: history, activity, a mail, and every session ends", async () => {
    const admin = await insertUser(t.database.db, { role: 'admin', name: 'Head Teacher' });
    const colleague = await insertUser(t.database.db, { email: `${unique('lost')}@school.test` });
    const adminSession = await loginTokens(t.app, admin.email);
    const colleagueSession = await loginTokens(t.app, colleague.email);
    await enrol(t.app, colleagueSession.access);

    const list = await callAs(t.app, adminSession.access, 'GET', staffPaths.staff);
    const row = list.json<StaffList>().data.find((member) => member.id === colleague.id);
    expect(row?.has_second_step).toBe(true);

    const url = buildPath(secondStepPaths.staffSecondStep, { id: colleague.id });
    const staffCall = await callAs(t.app, colleagueSession.access, 'DELETE', url);
    expect(staffCall.statusCode).toBe(403);
    const reset = await callAs(t.app, adminSession.access, 'DELETE', url);
    expect(reset.statusCode, reset.body).toBe(204);

    expect((await callAs(t.app, colleagueSession.access, 'GET', apiPaths.profile)).statusCode).toBe(
      401,
    );
    const fresh = await loginTokens(t.app, colleague.email);
    const status = await callAs(t.app, fresh.access, 'GET', secondStepPaths.mfa);
    expect(status.json<{ data: MfaStatus }>().data).toMatchObject({ totp: false, passkeys: 0 });

    const history = await callAs(
      t.app,
      adminSession.access,
      'GET',
      buildPath(staffPaths.staffHistory, { id: colleague.id }),
    );
    expect(history.json<HistoryList>().data[0]).toMatchObject({
      actor: { id: admin.id, name: 'Head Teacher' },
      changes: { second_step: { from: 'authenticator app', to: 'none' } },
    });
    expect(await activityKinds(t.app, fresh.access)).toContain('mfa_reset');
    const [mail] = await smtp.waitForMails(colleague.email, 1);
    expect(mail?.subject).toContain('two-step sign-in was reset');
    expect(mail?.text).toContain('Head Teacher');

    const again = await callAs(t.app, adminSession.access, 'DELETE', url);
    expect(again.statusCode).toBe(409);
  });
});

describe.each(dialects)('SSO-only domains on %s', (dialect) => {
  it('answers a password login and a reset of the domain with one 403 naming the way in, account or not', async () => {
    const t = await createTestApp(dialect, {
      ssoRequiredDomains: ['school.edu'],
      google: { clientId: 'client', jwksUrl: 'http://127.0.0.1:1/jwks' },
      oidc: {
        issuer: 'http://127.0.0.1:1',
        clientId: 'um',
        clientSecret: 'secret',
        name: 'Microsoft',
      },
    });
    try {
      const known = await insertUser(t.database.db, { email: 'known@school.edu' });
      for (const [url, body] of [
        [apiPaths.login, { password: DEFAULT_PASSWORD }],
        [apiPaths.forgotPassword, {}],
        [apiPaths.sendOtp, {}],
      ] as const) {
        const answers = [];
        for (const email of [known.email, 'nobody@school.edu']) {
          const response = await postJson(t.app, url, { email, ...body });
          answers.push({ status: response.statusCode, body: response.json() as unknown });
        }
        expect(answers[1]).toEqual(answers[0]);
        expect(answers[0]).toMatchObject({
          status: 403,
          body: {
            type: 'urn:problem-type:sso-required',
            detail: 'Addresses at school.edu sign in with Google or Microsoft.',
          },
        });
      }
      // Another domain signs in with its password as before.
      const other = await insertUser(t.database.db, { email: `${unique('o')}@other.test` });
      expect((await passwordLogin(t.app, other.email)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
