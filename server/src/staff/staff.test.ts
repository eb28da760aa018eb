import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  buildPath,
  deactivatedText,
  staffPaths,
  staffTexts,
  type ActivityList,
  type HistoryList,
  type Invitation,
  type Profile,
  type SignedInSession,
  type StaffList,
  type StaffMember,
} from '@um/contract';
import { callAs, loginTokens, postJson, type Method } from '../test/auth-helpers.js';
import { openEventStream, listen } from '../test/event-stream.js';
import {
  DEFAULT_PASSWORD,
  buildStudent,
  insertStandard,
  insertUser,
  unique,
} from '../test/factories.js';
import { createTestApp, dialects, useTestApp } from '../test/harness.js';
import { codeFrom, inviteTokenFrom, useSmtpCatcher } from '../test/smtp-catcher.js';
import type { UserRow } from '../db/schema.js';
import { changeStaffMember } from './accounts.js';
import { adminCommand } from './admin-command.js';

const PROBLEM = /^application\/problem\+json/;
const PASSWORD = 'a long new password';

describe.each(dialects)('the first account on %s', (dialect) => {
  const smtp = useSmtpCatcher();

  it('is admin, and only one of two signing up at once on an empty database is', async () => {
    const t = await createTestApp(dialect, { smtpUrl: smtp.url });
    try {
      const emails = [`${unique('a')}@school.test`, `${unique('b')}@school.test`];
      const codes: string[] = [];
      for (const email of emails) {
        expect((await postJson(t.app, apiPaths.sendOtp, { email })).statusCode).toBe(200);
        codes.push(codeFrom((await smtp.waitForMails(email, 1))[0]!));
      }
      const answers = await Promise.all(
        emails.map((email, index) =>
          postJson(t.app, apiPaths.register, {
            name: 'First',
            email,
            password: PASSWORD,
            password2: PASSWORD,
            tc: true,
            otp: codes[index],
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      const roles = await t.database.db.selectFrom('users').select('role').execute();
      expect(roles.map((row) => row.role).sort()).toEqual(['admin', 'staff']);
      const profile = await callAs(
        t.app,
        answers[0]!.json<{ token: { access: string } }>().token.access,
        'GET',
        apiPaths.profile,
      );
      expect(profile.json<Profile>()).toMatchObject({ status: 'active' });
      expect(['admin', 'staff']).toContain(profile.json<Profile>().role);
    } finally {
      await t.close();
    }
  });
});

describe.each(dialects)('staff accounts on %s', (dialect) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(dialect, () => ({
    smtpUrl: smtp.url,
    signupAllowedDomains: ['school.test'],
  }));

  let admin: UserRow;
  let adminAccess: string;
  beforeAll(async () => {
    admin = await insertUser(t.database.db, { name: 'Head Admin', role: 'admin' });
    adminAccess = (await loginTokens(t.app, admin.email)).access;
  });

  const asAdmin = (method: Method, url: string, payload?: object) =>
    callAs(t.app, adminAccess, method, url, payload);

  async function member(role: UserRow['role'] = 'staff', name = 'Colleague') {
    const user = await insertUser(t.database.db, { role, name });
    const tokens = await loginTokens(t.app, user.email);
    return { user, ...tokens };
  }

  const memberPath = (id: number) => buildPath(staffPaths.staffMember, { id });

  it('answers the role and status in the profile', async () => {
    const viewer = await member('viewer');
    const response = await callAs(t.app, viewer.access, 'GET', apiPaths.profile);
    expect(response.json<Profile>()).toMatchObject({ role: 'viewer', status: 'active' });
  });

  it("refuses a viewer's writes to students and standards with 403 problem JSON, and lets them read", async () => {
    const viewer = await member('viewer');
    const standard = await insertStandard(t.database.db);
    const write = await callAs(
      t.app,
      viewer.access,
      'POST',
      apiPaths.updateStudents,
      buildStudent({ standard: standard.id }),
    );
    expect(write.statusCode).toBe(403);
    expect(write.headers['content-type']).toMatch(PROBLEM);
    expect(write.json()).toMatchObject({ status: 403, detail: staffTexts.forbidden });
    const read = await callAs(t.app, viewer.access, 'GET', apiPaths.students);
    expect(read.statusCode).toBe(200);
    const message = await callAs(t.app, viewer.access, 'POST', apiPaths.messages, {
      content: 'A viewer may use the inbox',
    });
    expect(message.statusCode).toBe(201);
  });

  it('lets only an admin erase a student from the bin', async () => {
    const staff = await member('staff');
    const erase = (access: string) =>
      callAs(t.app, access, 'DELETE', '/management/deleted/student/999999/');
    expect((await erase(staff.access)).statusCode).toBe(403);
    expect((await erase(adminAccess)).statusCode).toBe(404);
  });

  it('lists staff with role, status and last seen to an admin only, filtered by words and status', async () => {
    const tag = unique('Zed');
    const colleague = await member('staff', `${tag} Fernandes`);
    const list = await asAdmin('GET', `${staffPaths.staff}?q=${tag.toLowerCase()}`);
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json<StaffList>().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id: colleague.user.id,
      email: colleague.user.email,
      role: 'staff',
      status: 'active',
    });
    expect(data[0]!.last_seen_at).not.toBeNull();
    const deactivated = await asAdmin('GET', `${staffPaths.staff}?status=deactivated&q=${tag}`);
    expect(deactivated.json<StaffList>().data).toEqual([]);
    const paged = await asAdmin('GET', `${staffPaths.staff}?limit=1`);
    expect(paged.json<StaffList>().next_cursor).not.toBeNull();
    expect((await callAs(t.app, colleague.access, 'GET', staffPaths.staff)).statusCode).toBe(403);
  });

  it('deactivates at once: 401 for their tokens, 403 with the sentence for login and refresh, their stream ends within a second', async () => {
    const leaver = await member('staff', 'Leaving Teacher');
    const origin = await listen(t.app);
    const stream = await openEventStream(origin, leaver.access);
    const at = performance.now();
    const changed = await asAdmin('PATCH', memberPath(leaver.user.id), { status: 'deactivated' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: StaffMember }>().data.status).toBe('deactivated');
    await Promise.race([
      stream.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 1_000)),
    ]);
    expect(performance.now() - at).toBeLessThan(1_000);

    expect((await callAs(t.app, leaver.access, 'GET', apiPaths.profile)).statusCode).toBe(401);
    const refresh = await postJson(t.app, apiPaths.refresh, { refresh: leaver.refresh });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json()).toMatchObject({ detail: deactivatedText });
    const login = await postJson(t.app, apiPaths.login, {
      email: leaver.user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['content-type']).toMatch(PROBLEM);
    expect(login.json()).toMatchObject({ detail: deactivatedText });
    const wrongPassword = await postJson(t.app, apiPaths.login, {
      email: leaver.user.email,
      password: 'not the password',
    });
    expect(wrongPassword.statusCode).toBe(401);

    const history = await asAdmin(
      'GET',
      buildPath(staffPaths.staffHistory, { id: leaver.user.id }),
    );
    expect(history.statusCode).toBe(200);
    expect(history.json<HistoryList>().data[0]).toMatchObject({
      actor: { id: admin.id, name: 'Head Admin' },
      action: 'update',
      changes: { status: { from: 'active', to: 'deactivated' } },
    });
    const activity = await asAdmin(
      'GET',
      buildPath(staffPaths.staffActivity, { id: leaver.user.id }),
    );
    expect(activity.json<ActivityList>().data.map((event) => event.kind)).toEqual([
      'sign_in_failed',
      'status_changed',
      'sign_in',
    ]);

    const reactivated = await asAdmin('PATCH', memberPath(leaver.user.id), { status: 'active' });
    expect(reactivated.statusCode).toBe(200);
    expect((await loginTokens(t.app, leaver.user.email)).access).toBeTruthy();
  });

  it('refuses a change that would leave no active admin with 409, also when two admins demote each other at once', async () => {
    const first = await member('admin', 'First Admin');
    const second = await member('admin', 'Second Admin');
    // Only these two stay admins: the suite's own admin steps down first.
    const others = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('id', 'not in', [first.user.id, second.user.id])
      .execute();
    for (const { id } of others) {
      const demoted = await callAs(t.app, first.access, 'PATCH', memberPath(id), { role: 'staff' });
      expect(demoted.statusCode, demoted.body).toBe(200);
    }
    const answers = await Promise.all([
      callAs(t.app, first.access, 'PATCH', memberPath(second.user.id), { role: 'staff' }),
      callAs(t.app, second.access, 'PATCH', memberPath(first.user.id), { role: 'viewer' }),
    ]);
    // The one that comes second is refused: with 409 when it passed the role check before the
    // first committed, with 403 when its sender was no longer an admin by then.
    const [won, lost] = answers[0]!.statusCode === 200 ? answers : [answers[1]!, answers[0]!];
    expect(won!.statusCode).toBe(200);
    expect([403, 409]).toContain(lost!.statusCode);
    if (lost!.statusCode === 409)
      expect(lost!.json()).toMatchObject({ detail: staffTexts.lastAdmin });
    const admins = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .execute();
    expect(admins).toHaveLength(1);
    const [remaining] = answers[0]!.statusCode === 200 ? [first] : [second];
    const self = await callAs(t.app, remaining.access, 'PATCH', memberPath(remaining.user.id), {
      status: 'deactivated',
    });
    expect(self.statusCode).toBe(409);
    // The suite's admin is an admin again for the tests after this one.
    const restored = await callAs(t.app, remaining.access, 'PATCH', memberPath(admin.id), {
      role: 'admin',
    });
    expect(restored.statusCode).toBe(200);
  });

  it('invites by mail: the invited address signs up with the link, outside the allowed domains, with the role named, once', async () => {
    const email = `${unique('trainee')}@elsewhere.test`;
    const invited = await asAdmin('POST', staffPaths.invitations, { email, role: 'viewer' });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invited.json<{ data: Invitation }>().data;
    expect(invitation).toMatchObject({ email, role: 'viewer' });
    const pending = await asAdmin('GET', staffPaths.invitations);
    expect(pending.json<{ data: Invitation[] }>().data.map((row) => row.id)).toContain(
      invitation.id,
    );
    const [mail] = await smtp.waitForMails(email, 1);
    const token = inviteTokenFrom(mail!, t.config.appUrl);
    const stored = await t.database.db
      .selectFrom('invitations')
      .select('token_hash')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const body = (overrides: object) => ({
      name: 'New Trainee',
      email,
      password: PASSWORD,
      password2: PASSWORD,
      tc: true,
      invite: token,
      ...overrides,
    });
    const wrongAddress = await postJson(
      t.app,
      apiPaths.register,
      body({ email: `${unique('x')}@school.test` }),
    );
    expect(wrongAddress.statusCode).toBe(400);
    const answers = await Promise.all([
      postJson(t.app, apiPaths.register, body({})),
      postJson(t.app, apiPaths.register, body({})),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const created = answers.find((answer) => answer.statusCode === 201)!;
    const access = created.json<{ token: { access: string } }>().token.access;
    const profile = await callAs(t.app, access, 'GET', apiPaths.profile);
    expect(profile.json<Profile>()).toMatchObject({ email, role: 'viewer' });
    const after = await asAdmin('GET', staffPaths.invitations);
    expect(after.json<{ data: Invitation[] }>().data.map((row) => row.id)).not.toContain(
      invitation.id,
    );
    const again = await asAdmin('POST', staffPaths.invitations, { email, role: 'staff' });
    expect(again.statusCode).toBe(409);
  });

  it('withdraws an invitation: its link stops working', async () => {
    const email = `${unique('late')}@school.test`;
    const invited = await asAdmin('POST', staffPaths.invitations, { email, role: 'staff' });
    const { id } = invited.json<{ data: Invitation }>().data;
    const [mail] = await smtp.waitForMails(email, 1);
    const token = inviteTokenFrom(mail!, t.config.appUrl);
    expect((await asAdmin('DELETE', buildPath(staffPaths.invitation, { id }))).statusCode).toBe(
      204,
    );
    expect((await asAdmin('DELETE', buildPath(staffPaths.invitation, { id }))).statusCode).toBe(
      404,
    );
    const register = await postJson(t.app, apiPaths.register, {
      name: 'Late',
      email,
      password: PASSWORD,
      password2: PASSWORD,
      tc: true,
      invite: token,
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toMatchObject({ detail: staffTexts.invitationInvalid });
  });

  it("lists a person's signed-in devices, signs one out with its access token, and all others", async () => {
    const person = await insertUser(t.database.db);
    const login = (agent: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { email: person.email, password: DEFAULT_PASSWORD },
        headers: { 'user-agent': agent },
      });
    const tokensOf = async (agent: string) =>
      (await login(agent)).json<{ token: { access: string } }>().token.access;
    const laptop = await tokensOf('Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0');
    const phone = await tokensOf('Mozilla/5.0 (iPhone) Safari/604.1');
    const tablet = await tokensOf('Mozilla/5.0 (iPad) Safari/604.1');
    const list = await callAs(t.app, laptop, 'GET', staffPaths.sessions);
    expect(list.statusCode).toBe(200);
    const sessions = list.json<{ data: SignedInSession[] }>().data;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const current = sessions.find((session) => session.current)!;
    expect(current.user_agent).toContain('Firefox');
    expect(current.ip).toBeTruthy();

    const phoneSession = sessions.find((session) => session.user_agent.includes('iPhone'))!;
    const signedOut = await callAs(
      t.app,
      laptop,
      'DELETE',
      buildPath(staffPaths.session, { id: phoneSession.id }),
    );
    expect(signedOut.statusCode).toBe(204);
    expect((await callAs(t.app, phone, 'GET', apiPaths.profile)).statusCode).toBe(401);
    expect(
      (
        await callAs(
          t.app,
          laptop,
          'DELETE',
          buildPath(staffPaths.session, { id: phoneSession.id }),
        )
      ).statusCode,
    ).toBe(404);

    const others = await callAs(t.app, laptop, 'POST', staffPaths.revokeOtherSessions);
    expect(others.statusCode).toBe(204);
    expect((await callAs(t.app, tablet, 'GET', apiPaths.profile)).statusCode).toBe(401);
    const left = await callAs(t.app, laptop, 'GET', staffPaths.sessions);
    expect(left.json<{ data: SignedInSession[] }>().data.map((session) => session.id)).toEqual([
      current.id,
    ]);
    const activity = await callAs(t.app, laptop, 'GET', `${staffPaths.activity}?limit=2`);
    const page = activity.json<ActivityList>();
    expect(page.data.map((event) => event.kind)).toEqual([
      'session_signed_out',
      'session_signed_out',
    ]);
    const next = await callAs(
      t.app,
      laptop,
      'GET',
      `${staffPaths.activity}?limit=10&cursor=${page.next_cursor}`,
    );
    expect(next.json<ActivityList>().data.map((event) => event.kind)).toEqual([
      'sign_in',
      'sign_in',
      'sign_in',
    ]);
  });

  it('decides the last active admin in the database: of two demotions racing past the role check, one is refused', async () => {
    const first = await insertUser(t.database.db, { role: 'admin' });
    const second = await insertUser(t.database.db, { role: 'admin' });
    const others = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('id', 'not in', [first.id, second.id])
      .execute();
    await t.database.db
      .updateTable('users')
      .set({ role: 'staff' })
      .where(
        'id',
        'in',
        others.map(({ id }) => id),
      )
      .execute();
    const client = { ip: '127.0.0.1', userAgent: 'test' };
    const demote = (id: number, actorId: number) =>
      changeStaffMember(
        t.database.db,
        t.database.dialect,
        { id, change: { status: 'deactivated' }, actorId, client },
        new Date(),
      ).then(
        () => 200,
        (error: { status?: number }) => error.status,
      );
    const outcomes = await Promise.all([demote(first.id, second.id), demote(second.id, first.id)]);
    expect(outcomes.sort()).toEqual([200, 409]);
    await t.database.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where(
        'id',
        'in',
        others.map(({ id }) => id),
      )
      .execute();
  });

  it('makes an account an active admin from the shell with npm run admin -- grant EMAIL', async () => {
    const locked = await insertUser(t.database.db, { role: 'viewer', status: 'deactivated' });
    expect(await adminCommand(t.database, ['grant', locked.email.toUpperCase()])).toMatchObject({
      code: 0,
    });
    const after = await t.database.db
      .selectFrom('users')
      .select(['role', 'status'])
      .where('id', '=', locked.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ role: 'admin', status: 'active' });
    const history = await asAdmin('GET', buildPath(staffPaths.staffHistory, { id: locked.id }));
    expect(history.json<HistoryList>().data[0]).toMatchObject({
      actor: { id: null, name: 'npm run admin' },
      changes: {
        role: { from: 'viewer', to: 'admin' },
        status: { from: 'deactivated', to: 'active' },
      },
    });
    expect((await adminCommand(t.database, ['grant', 'nobody@school.test'])).code).toBe(1);
    expect((await adminCommand(t.database, ['grant'])).code).toBe(2);
    expect((await adminCommand(t.database, ['revoke', locked.email])).code).toBe(2);
  });
});
