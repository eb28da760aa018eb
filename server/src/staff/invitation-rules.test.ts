import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  buildPath,
  staffPaths,
  staffTexts,
  type ActivityList,
  type Invitation,
  type Profile,
} from '@um/contract';
import { bearer, callAs, loginTokens, postJson } from '../test/auth-helpers.js';
import { insertUser, unique } from '../test/factories.js';
import { useGoogleKeys } from '../test/google.js';
import { dialects, useTestApp } from '../test/harness.js';
import { codeFrom, inviteTokenFrom, useSmtpCatcher } from '../test/smtp-catcher.js';
import type { UserRow } from '../db/schema.js';
import { findUsableInvitation } from '../auth/invitations.js';
import { createInvitation } from './invitations.js';

const PASSWORD = 'a long new password';

describe.each(dialects)('invitations and the accounts behind them on %s', (dialect) => {
  const smtp = useSmtpCatcher();
  const google = useGoogleKeys();
  const t = useTestApp(dialect, () => ({
    smtpUrl: smtp.url,
    signupAllowedDomains: ['school.test'],
    google: { clientId: google.clientId, jwksUrl: google.jwksUrl },
  }));

  let head: UserRow;
  let headAccess: string;
  beforeAll(async () => {
    head = await insertUser(t.database.db, { name: 'Head Admin', role: 'admin' });
    headAccess = (await loginTokens(t.app, head.email)).access;
  });

  async function anAdmin(name = 'Second Admin') {
    const user = await insertUser(t.database.db, { role: 'admin', name });
    return { user, access: (await loginTokens(t.app, user.email)).access };
  }

  const invite = (access: string, email: string, role: Invitation['role']) =>
    callAs(t.app, access, 'POST', staffPaths.invitations, { email, role });

  const pending = async () =>
    (await callAs(t.app, headAccess, 'GET', staffPaths.invitations)).json<{ data: Invitation[] }>()
      .data;

  /** Lets the next invitation to an address go out at once, as a minute later would. */
  const coolDown = (email: string) =>
    t.database.db.deleteFrom('mail_cooldowns').where('email', '=', email).execute();

  const registerWithLink = (email: string, token: string) =>
    postJson(t.app, apiPaths.register, {
      name: 'Invited Person',
      email,
      password: PASSWORD,
      password2: PASSWORD,
      tc: true,
      invite: token,
    });

  async function roleOf(email: string) {
    const row = await t.database.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.role;
  }

  it.each([
    ['deactivated', { status: 'deactivated' }],
    ['demoted', { role: 'staff' }],
  ])(
    'withdraws the pending invitations of an admin who is %s, in the same change, and their links stop working',
    async (_, change) => {
      const leaving = await anAdmin();
      const email = `${unique('outsider')}@elsewhere.test`;
      expect((await invite(leaving.access, email, 'admin')).statusCode).toBe(201);
      const token = inviteTokenFrom((await smtp.waitForMails(email, 1))[0]!, t.config.appUrl);
      expect((await pending()).map((row) => row.email)).toContain(email);

      const changed = await callAs(
        t.app,
        headAccess,
        'PATCH',
        buildPath(staffPaths.staffMember, { id: leaving.user.id }),
        change,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await pending()).map((row) => row.email)).not.toContain(email);
      const register = await registerWithLink(email, token);
      expect(register.statusCode).toBe(400);
      expect(register.json()).toMatchObject({ detail: staffTexts.invitationInvalid });
    },
  );

  it('refuses a link whose sender is no longer an active admin, saying so', async () => {
    const sender = await anAdmin();
    const email = `${unique('late')}@elsewhere.test`;
    expect((await invite(sender.access, email, 'admin')).statusCode).toBe(201);
    const token = inviteTokenFrom((await smtp.waitForMails(email, 1))[0]!, t.config.appUrl);
    // As an older server left it: the sender demoted without the invitation withdrawn.
    await t.database.db
      .updateTable('users')
      .set({ role: 'staff' })
      .where('id', '=', sender.user.id)
      .execute();
    const register = await registerWithLink(email, token);
    expect(register.statusCode).toBe(400);
    expect(register.json()).toMatchObject({ detail: staffTexts.invitationInviterGone });
    const account = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(account).toBeUndefined();
  });

  it('shows who sent each pending invitation', async () => {
    const sender = await anAdmin('Vice Principal');
    const email = `${unique('shown')}@school.test`;
    const sent = await invite(sender.access, email, 'staff');
    expect(sent.json<{ data: Invitation }>().data.invited_by).toEqual({
      id: sender.user.id,
      name: 'Vice Principal',
      email: sender.user.email,
    });
    const listed = (await pending()).find((row) => row.email === email);
    expect(listed?.invited_by).toMatchObject({ id: sender.user.id, name: 'Vice Principal' });
  });

  it('keeps one pending invitation per address: inviting again replaces it, and only the newest link works', async () => {
    const email = `${unique('again')}@elsewhere.test`;
    expect((await invite(headAccess, email, 'viewer')).statusCode).toBe(201);
    const [first] = await smtp.waitForMails(email, 1);
    await coolDown(email);
    expect((await invite(headAccess, email, 'staff')).statusCode).toBe(201);
    const mails = await smtp.waitForMails(email, 2);
    const listed = (await pending()).filter((row) => row.email === email);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.role).toBe('staff');
    const old = await registerWithLink(email, inviteTokenFrom(first!, t.config.appUrl));
    expect(old.statusCode).toBe(400);
    const newest = await registerWithLink(email, inviteTokenFrom(mails[1]!, t.config.appUrl));
    expect(newest.statusCode, newest.body).toBe(201);
    expect(await roleOf(email)).toBe('staff');
  });

  it('keeps one pending invitation per address when many are sent to it at once', async () => {
    const email = `${unique('race')}@elsewhere.test`;
    const admins = await Promise.all([anAdmin('A'), anAdmin('B'), anAdmin('C'), anAdmin('D')]);
    // Past the per-address minute, which lets one request a minute through: the database alone decides.
    const sent = await Promise.all(
      admins.map((admin) =>
        createInvitation(
          t.database.db,
          { email, role: 'viewer', invitedBy: admin.user.id },
          new Date(),
        ),
      ),
    );
    expect(new Set(sent.map(({ token }) => token)).size).toBe(4);
    const rows = await t.database.db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', email)
      .where('used_at', 'is', null)
      .execute();
    expect(rows).toHaveLength(1);
    const working = await Promise.all(
      sent.map(({ token }) => findUsableInvitation(t.database.db, token, new Date())),
    );
    expect(working.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a pending invitation written beside another for the same address (the database holds the rule)', async () => {
    const email = `${unique('twice')}@elsewhere.test`;
    const row = {
      email,
      role: 'staff' as const,
      invited_by: head.id,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      used_at: null,
    };
    await t.database.db
      .insertInto('invitations')
      .values({ ...row, token_hash: unique('h') })
      .execute();
    await expect(
      t.database.db
        .insertInto('invitations')
        .values({ ...row, token_hash: unique('h') })
        .execute(),
    ).rejects.toThrow();
  });

  it('sends an address at most one invitation a minute, as sign-up codes', async () => {
    const email = `${unique('flood')}@elsewhere.test`;
    expect((await invite(headAccess, email, 'staff')).statusCode).toBe(201);
    const again = await invite(headAccess, email, 'staff');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toMatch(/^\d+$/);
    expect(again.json()).toMatchObject({
      detail: staffTexts.invitationJustSent(Number(again.headers['retry-after'])),
    });
    await smtp.waitForMails(email, 1);
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('sends one invitation when two admins invite the same address at the same moment', async () => {
    const email = `${unique('race')}@elsewhere.test`;
    const second = await anAdmin('Racing Admin');
    const answers = await Promise.all([
      invite(headAccess, email, 'staff'),
      invite(second.access, email, 'viewer'),
      invite(headAccess, email, 'admin'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429, 429]);
    await smtp.waitForMails(email, 1);
    expect(smtp.mailsTo(email)).toHaveLength(1);
    const [sent] = answers.filter((answer) => answer.statusCode === 201);
    expect((await pending()).filter((invitation) => invitation.email === email)).toEqual([
      sent!.json<{ data: Invitation }>().data,
    ]);
  });

  it('gives an address that signs up with a mailed code the role of its pending invitation, and uses it up', async () => {
    const email = `${unique('coded')}@school.test`;
    expect((await invite(headAccess, email, 'viewer')).statusCode).toBe(201);
    expect((await postJson(t.app, apiPaths.sendOtp, { email })).statusCode).toBe(200);
    const mails = await smtp.waitForMails(email, 2);
    const code = codeFrom(mails.find((mail) => /sign-up code/.test(mail.subject))!);
    const register = await postJson(t.app, apiPaths.register, {
      name: 'Coded Viewer',
      email,
      password: PASSWORD,
      password2: PASSWORD,
      tc: true,
      otp: code,
    });
    expect(register.statusCode, register.body).toBe(201);
    const access = register.json<{ token: { access: string } }>().token.access;
    const profile = await callAs(t.app, access, 'GET', apiPaths.profile);
    expect(profile.json<Profile>()).toMatchObject({ role: 'viewer' });
    expect((await pending()).map((row) => row.email)).not.toContain(email);
  });

  it('gives an address that signs up with Google the role of its pending invitation, and uses it up', async () => {
    const email = `${unique('googled')}@school.test`;
    expect((await invite(headAccess, email, 'viewer')).statusCode).toBe(201);
    const register = await postJson(t.app, apiPaths.googleRegister, {
      token: await google.sign({ email, name: 'Google Viewer' }),
    });
    expect(register.statusCode, register.body).toBe(201);
    expect(await roleOf(email)).toBe('viewer');
    expect((await pending()).map((row) => row.email)).not.toContain(email);
  });

  it("shows a person's own role and status changes as by an administrator, without the admin's address and browser; the admin's view keeps them", async () => {
    const person = await insertUser(t.database.db, { role: 'staff', name: 'Changed Person' });
    const change = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: buildPath(staffPaths.staffMember, { id: person.id }),
        headers: { ...bearer(headAccess), 'user-agent': 'AdminBrowser/1.0' },
        payload,
      });
    for (const payload of [{ role: 'viewer' }, { status: 'deactivated' }, { status: 'active' }]) {
      const changed = await change(payload);
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const byAdmin = (events: ActivityList['data']) =>
      events.filter((event) => ['role_changed', 'status_changed'].includes(event.kind));

    const adminView = await callAs(
      t.app,
      headAccess,
      'GET',
      buildPath(staffPaths.staffActivity, { id: person.id }),
    );
    const seenByAdmin = byAdmin(adminView.json<ActivityList>().data);
    expect(seenByAdmin).toHaveLength(3);
    for (const event of seenByAdmin) {
      expect(event).toMatchObject({ by_administrator: true, user_agent: 'AdminBrowser/1.0' });
      expect(event.ip).not.toBe('');
    }

    const own = (await loginTokens(t.app, person.email)).access;
    const ownView = (await callAs(t.app, own, 'GET', staffPaths.activity)).json<ActivityList>()
      .data;
    const seenByPerson = byAdmin(ownView);
    expect(seenByPerson).toHaveLength(3);
    for (const event of seenByPerson) {
      expect(event).toMatchObject({ by_administrator: true, ip: '', user_agent: '' });
    }
    expect(ownView.find((event) => event.kind === 'sign_in')?.by_administrator).toBe(false);
  });
});
