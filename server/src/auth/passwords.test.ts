import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, buildPath, texts } from '@um/contract';
import { startSession, subjectOf } from './tokens.js';
import { bearer, freezeClock, loginTokens, postJson, type Tokens } from '../test/auth-helpers.js';
import { DEFAULT_PASSWORD, insertUser, unique } from '../test/factories.js';
import { createTestApp, dialects, useTestApp } from '../test/harness.js';
import { resetLinkFrom, useSmtpCatcher } from '../test/smtp-catcher.js';

const NEW_PASSWORD = 'a brand new passphrase';

describe.each(dialects)('passwords: change, forgot and reset on %s', (dialect) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(dialect, () => ({ smtpUrl: smtp.url }));
  afterEach(() => {
    vi.useRealTimers();
    smtp.setDelay(0);
  });

  const forgot = (email: string) => postJson(t.app, apiPaths.forgotPassword, { email });
  const reset = (
    link: { id: string; token: string },
    password = NEW_PASSWORD,
    password2 = password,
  ) => postJson(t.app, buildPath(apiPaths.resetPassword, link), { password, password2 });
  const refresh = (token: string) => postJson(t.app, apiPaths.refresh, { refresh: token });
  const profile = (access: string) =>
    t.app.inject({ method: 'GET', url: apiPaths.profile, headers: bearer(access) });
  const changePassword = (access: string, current: string, password = NEW_PASSWORD) =>
    postJson(
      t.app,
      apiPaths.changePassword,
      { current_password: current, password, password2: password },
      bearer(access),
    );

  async function resetLinkFor(email: string) {
    const before = smtp.mailsTo(email).length;
    expect((await forgot(email)).statusCode).toBe(200);
    const mails = await smtp.waitForMails(email, before + 1);
    return resetLinkFrom(mails[mails.length - 1]!, t.config.appUrl);
  }

  describe('forgot password', () => {
    it('mails a link to APP_URL/reset-password/{id}/{token} and answers 200 with the spec message', async () => {
      const user = await insertUser(t.database.db);
      const response = await forgot(user.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: texts.forgotPassword.sent });
      const [mail] = await smtp.waitForMails(user.email);
      const link = resetLinkFrom(mail!, t.config.appUrl);
      expect(Buffer.from(link.id, 'base64url').toString()).toBe(String(user.id));
      expect(link.token.length).toBeGreaterThanOrEqual(43);
      expect(mail!.html).toContain(`${t.config.appUrl}/reset-password/${link.id}/${link.token}`);
      expect(mail!.text).toMatch(/once/);
    });

    it('stores reset tokens only as hashes', async () => {
      const user = await insertUser(t.database.db);
      const link = await resetLinkFor(user.email);
      const rows = await t.database.db
        .selectFrom('password_reset_tokens')
        .select('token_hash')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).not.toBe(link.token);
    });

    it('answers without waiting for the mail, so known and unknown addresses take the same time', async () => {
      const user = await insertUser(t.database.db);
      smtp.setDelay(600);
      const started = performance.now();
      const response = await forgot(user.email);
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(200);
      expect(elapsed).toBeLessThan(300);
      await smtp.waitForMails(user.email);
    });
    it('leaves no cooldown behind when the reset mail fails, so asking again works at once', async () => {
      const user = await insertUser(t.database.db);
      const refusedBefore = smtp.refusedCount();
      smtp.refuseNext(1);
      expect((await forgot(user.email)).statusCode).toBe(200);
      await vi.waitFor(() => expect(smtp.refusedCount()).toBe(refusedBefore + 1));
      await vi.waitFor(async () => {
        await forgot(user.email);
        expect(smtp.mailsTo(user.email)).toHaveLength(1);
      });
      const tokens = await t.database.db
        .selectFrom('password_reset_tokens')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(tokens).toHaveLength(1);
    });
  });

  it('answers forgot-password identically for known and unknown addresses, including a second call within 60 seconds', async () => {
    // An app of its own: closing it waits for the mails sent after answering, so the test
    // can count them.
    const app = await createTestApp(dialect, { smtpUrl: smtp.url });
    const user = await insertUser(app.database.db);
    const unknown = `${unique('nobody')}@school.test`;
    const answers = [];
    try {
      for (const email of [user.email, unknown, user.email, unknown]) {
        answers.push(await postJson(app.app, apiPaths.forgotPassword, { email }));
      }
    } finally {
      await app.close();
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(smtp.mailsTo(user.email)).toHaveLength(1);
    expect(smtp.mailsTo(unknown)).toHaveLength(0);
  });

  it('answers forgot-password with one 503 problem for known and unknown addresses while the mail server does not answer', async () => {
    const app = await createTestApp(dialect, { smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const user = await insertUser(app.database.db);
      const answers = [];
      for (const email of [user.email, `${unique('nobody')}@school.test`]) {
        answers.push(await postJson(app.app, apiPaths.forgotPassword, { email }));
      }
      for (const answer of answers) {
        expect(answer.statusCode).toBe(503);
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(answer.json().detail).toBe(answers[0]!.json().detail);
      }
      expect(answers[0]!.json().detail).toMatch(/email could not be sent/i);
      const left = await app.database.db.selectFrom('password_reset_tokens').select('id').execute();
      expect(left).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  describe('reset password', () => {
    it('sets the new password, answers 200 with the spec message and no tokens, and ends every session', async () => {
      const clock = freezeClock();
      const user = await insertUser(t.database.db);
      const session = await loginTokens(t.app, user.email);
      const link = await resetLinkFor(user.email);
      clock.advance(2_000);

      const response = await reset(link);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: texts.resetPassword.succeeded });

      expect((await refresh(session.refresh)).statusCode).toBe(401);
      expect((await profile(session.access)).statusCode).toBe(401);
      const oldLogin = await postJson(t.app, apiPaths.login, {
        email: user.email,
        password: DEFAULT_PASSWORD,
      });
      expect(oldLogin.statusCode).toBe(401);
      await loginTokens(t.app, user.email, NEW_PASSWORD);
    });

    it('voids the access tokens of every session, also those minted in the same second as the reset', async () => {
      freezeClock();
      const user = await insertUser(t.database.db);
      const link = await resetLinkFor(user.email);
      const session = await loginTokens(t.app, user.email);
      expect((await reset(link)).statusCode).toBe(200);
      expect((await profile(session.access)).statusCode).toBe(401);
      expect((await refresh(session.refresh)).statusCode).toBe(401);
      const after = await loginTokens(t.app, user.email, NEW_PASSWORD);
      expect((await profile(after.access)).statusCode).toBe(200);
    });

    it('accepts a link only once', async () => {
      const user = await insertUser(t.database.db);
      const link = await resetLinkFor(user.email);
      expect((await reset(link)).statusCode).toBe(200);
      const again = await reset(link, 'yet another passphrase');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ detail: texts.resetPassword.failed });
      await loginTokens(t.app, user.email, NEW_PASSWORD);
    });

    it('lets exactly one of two concurrent resets with the same link succeed', async () => {
      const user = await insertUser(t.database.db);
      const link = await resetLinkFor(user.email);
      // Open the pool's connections first, so the two resets really run side by side.
      await Promise.all([1, 2, 3, 4, 5].map(() => sql`select 1`.execute(t.database.db)));
      const answers = await Promise.all([
        reset(link, 'first concurrent passphrase'),
        reset(link, 'second concurrent passphrase'),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 400]);
      const winner = answers[0]!.statusCode === 200 ? 'first' : 'second';
      await loginTokens(t.app, user.email, `${winner} concurrent passphrase`);
    });

    it('refuses a link after 1 hour', async () => {
      const clock = freezeClock();
      const user = await insertUser(t.database.db);
      const link = await resetLinkFor(user.email);
      clock.advance(60 * 60_000 + 1_000);
      const response = await reset(link);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: texts.resetPassword.failed });
    });

    it('still accepts a link at 59 minutes', async () => {
      const clock = freezeClock();
      const user = await insertUser(t.database.db);
      const link = await resetLinkFor(user.email);
      clock.advance(59 * 60_000);
      expect((await reset(link)).statusCode).toBe(200);
    });

    it('voids an open link once the password is changed', async () => {
      const user = await insertUser(t.database.db);
      const link = await resetLinkFor(user.email);
      const { access } = await loginTokens(t.app, user.email);
      expect((await changePassword(access, DEFAULT_PASSWORD)).statusCode).toBe(200);
      expect((await reset(link, 'a passphrase from the link')).statusCode).toBe(400);
      await loginTokens(t.app, user.email, NEW_PASSWORD);
    });

    it('voids the other open links once one of them is used', async () => {
      const clock = freezeClock();
      const user = await insertUser(t.database.db);
      const older = await resetLinkFor(user.email);
      clock.advance(61_000);
      const newer = await resetLinkFor(user.email);
      expect((await reset(newer)).statusCode).toBe(200);
      expect((await reset(older, 'a passphrase from the link')).statusCode).toBe(400);
    });

    it('answers every kind of bad link with one identical 400', async () => {
      const user = await insertUser(t.database.db);
      const other = await insertUser(t.database.db);
      const link = await resetLinkFor(user.email);
      const used = await resetLinkFor(other.email);
      expect((await reset(used)).statusCode).toBe(200);
      const otherId = Buffer.from(String(other.id)).toString('base64url');
      const badLinks = [
        { id: link.id, token: `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}` },
        { id: otherId, token: link.token },
        { id: '!!', token: link.token },
        { id: Buffer.from(`0${user.id}`).toString('base64url'), token: link.token },
        { id: link.id, token: 'x'.repeat(90) },
        { id: 'M'.repeat(80), token: link.token },
        used,
      ];
      const bodies = [];
      for (const bad of badLinks) {
        const response = await reset(bad);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        const { instance: _instance, ...body } = response.json<Record<string, unknown>>();
        bodies.push(body);
      }
      for (const body of bodies) expect(body).toEqual(bodies[0]);
      expect(bodies[0]).toMatchObject({ status: 400, detail: texts.resetPassword.failed });
      expect((await reset(link)).statusCode).toBe(200);
    });

    it('refuses mismatched passwords before looking at the link', async () => {
      const user = await insertUser(t.database.db);
      const link = await resetLinkFor(user.email);
      const response = await reset(link, NEW_PASSWORD, 'something else entirely');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errors: { password2: [texts.resetPassword.passwordsDoNotMatch] },
      });
      expect((await reset(link)).statusCode).toBe(200);
    });
  });

  describe('change password', () => {
    it('changes the password with the current one, answers 200 with a fresh pair, and ends every other session', async () => {
      const clock = freezeClock();
      const user = await insertUser(t.database.db);
      const here = await loginTokens(t.app, user.email);
      const elsewhere = await loginTokens(t.app, user.email);
      clock.advance(2_000);

      const response = await changePassword(here.access, DEFAULT_PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const fresh = response.json<{ token: Tokens }>().token;

      expect((await profile(fresh.access)).statusCode).toBe(200);
      expect((await refresh(fresh.refresh)).statusCode).toBe(200);
      expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
      expect((await profile(elsewhere.access)).statusCode).toBe(401);
      expect((await refresh(here.refresh)).statusCode).toBe(401);
      await loginTokens(t.app, user.email, NEW_PASSWORD);
    });

    it('voids every access token minted before the change, also those of the same second', async () => {
      freezeClock();
      const user = await insertUser(t.database.db);
      const here = await loginTokens(t.app, user.email);
      const elsewhere = await loginTokens(t.app, user.email);
      const response = await changePassword(here.access, DEFAULT_PASSWORD);
      expect(response.statusCode).toBe(200);
      const fresh = response.json<{ token: Tokens }>().token;
      expect((await profile(elsewhere.access)).statusCode).toBe(401);
      expect((await profile(here.access)).statusCode).toBe(401);
      expect((await profile(fresh.access)).statusCode).toBe(200);

      const again = await changePassword(fresh.access, NEW_PASSWORD, 'yet another passphrase');
      expect(again.statusCode).toBe(200);
      expect((await profile(fresh.access)).statusCode).toBe(401);
    });

    it('gives no working session to a sign-in that checked the password just before it changed', async () => {
      const user = await insertUser(t.database.db);
      const session = await loginTokens(t.app, user.email);
      expect((await changePassword(session.access, DEFAULT_PASSWORD)).statusCode).toBe(200);
      // What a login whose password check overlapped the change goes on to do: start a session
      // under the token version it read, after the change has ended every other one.
      const late = await startSession(
        t.database.db,
        t.config.jwtSecret,
        subjectOf(user),
        new Date(),
      );
      expect((await profile(late.access)).statusCode).toBe(401);
      expect((await refresh(late.refresh)).statusCode).toBe(401);
    });

    it('refuses a wrong current password with 400 and changes nothing', async () => {
      const user = await insertUser(t.database.db);
      const session = await loginTokens(t.app, user.email);
      const response = await changePassword(session.access, 'not the current password');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { current_password: [expect.any(String)] } });
      expect((await refresh(session.refresh)).statusCode).toBe(200);
      await loginTokens(t.app, user.email, DEFAULT_PASSWORD);
    });

    it('refuses a Google-only account, which has no current password, with 400', async () => {
      const user = await insertUser(t.database.db, { password: null, google_sub: unique('g') });
      const { access } = await startSession(
        t.database.db,
        t.config.jwtSecret,
        subjectOf(user),
        new Date(),
      );
      expect((await changePassword(access, 'anything at all')).statusCode).toBe(400);
    });
  });
});
