import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, staffPaths, staffTexts } from '@um/contract';
import { bearer, loginTokens, postJson } from '../test/auth-helpers.js';
import { insertUser, unique } from '../test/factories.js';
import { dialects, useTestApp } from '../test/harness.js';
import { useSmtpCatcher } from '../test/smtp-catcher.js';

describe.each(dialects)('the address of an invitation, read by its link, on %s', (dialect) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(dialect, () => ({ smtpUrl: smtp.url }));
  let adminAccess: string;
  beforeAll(async () => {
    const admin = await insertUser(t.database.db, { role: 'admin' });
    adminAccess = (await loginTokens(t.app, admin.email)).access;
  });

  it('answers the invited address for a usable link, and 404 for an unknown or used one', async () => {
    const email = `${unique('invited')}@elsewhere.test`;
    const invited = await t.app.inject({
      method: 'POST',
      url: staffPaths.invitations,
      headers: bearer(adminAccess),
      payload: { email, role: 'staff' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await smtp.waitForMails(email, 1);
    const token = /\/register\?invite=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1] ?? '';

    const read = await postJson(t.app, apiPaths.invitationEmail, { invite: token });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ data: { email } });

    const unknown = await postJson(t.app, apiPaths.invitationEmail, { invite: `${token}x` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: staffTexts.invitationInvalid });

    const password = 'a long new password';
    const signedUp = await postJson(t.app, apiPaths.register, {
      name: 'Invited',
      email,
      password,
      password2: password,
      tc: true,
      invite: token,
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    expect((await postJson(t.app, apiPaths.invitationEmail, { invite: token })).statusCode).toBe(
      404,
    );
  });
});
