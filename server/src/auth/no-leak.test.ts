import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@um/contract';
import { bearer, postJson } from '../test/auth-helpers.js';
import { DEFAULT_PASSWORD, insertUser, unique } from '../test/factories.js';
import { useGoogleKeys } from '../test/google.js';
import { createTestApp, dialects, useTestApp } from '../test/harness.js';
import { codeFrom, resetLinkFrom, useSmtpCatcher } from '../test/smtp-catcher.js';

describe.each(dialects)('what auth answers never contain, on %s', (dialect) => {
  const smtp = useSmtpCatcher();
  const google = useGoogleKeys();
  const t = useTestApp(dialect, () => ({
    smtpUrl: smtp.url,
    google: { clientId: google.clientId, jwksUrl: google.jwksUrl },
  }));

  it('never answers with a password hash, a stored code or token hash, or a mailed code', async () => {
    const responses: LightMyRequestResponse[] = [];
    const call = async (method: 'GET' | 'POST', url: string, payload?: object, access?: string) => {
      const response = await t.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: access ? bearer(access) : {},
      });
      responses.push(response);
      return response;
    };

    const email = `${unique('leak')}@school.test`;
    await call('POST', apiPaths.sendOtp, { email });
    const code = codeFrom(smtp.mailsTo(email)[0]!);
    await call('POST', apiPaths.register, {
      name: 'Leak Check',
      email,
      password: 'first password here',
      password2: 'first password here',
      tc: true,
      otp: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
    });
    const registered = await call('POST', apiPaths.register, {
      name: 'Leak Check',
      email,
      password: 'first password here',
      password2: 'first password here',
      tc: true,
      otp: code,
    });
    const { access, refresh } = registered.json<{ token: { access: string; refresh: string } }>()
      .token;
    await call('POST', apiPaths.sendOtp, { email: `${unique('other')}@school.test` });
    await call('POST', apiPaths.login, { email, password: 'wrong password' });
    await call('POST', apiPaths.login, { email, password: 'first password here' });
    await call('GET', apiPaths.profile, undefined, access);
    await call('POST', apiPaths.refresh, { refresh });
    const changed = await call(
      'POST',
      apiPaths.changePassword,
      {
        current_password: 'first password here',
        password: 'second password here',
        password2: 'second password here',
      },
      access,
    );
    await call('POST', apiPaths.forgotPassword, { email });
    const link = resetLinkFrom((await smtp.waitForMails(email, 2))[1]!, t.config.appUrl);
    await call('POST', buildPath(apiPaths.resetPassword, link), {
      password: 'third password here',
      password2: 'third password here',
    });
    const user = await insertUser(t.database.db, { password: DEFAULT_PASSWORD });
    await call('POST', apiPaths.google, { token: await google.sign({ email: user.email }) });
    await call('POST', apiPaths.googleRegister, { token: await google.sign() });
    await call('POST', apiPaths.logout, {
      refresh: changed.json<{ token: { refresh: string } }>().token.refresh,
    });

    const db = t.database.db;
    const secrets = [
      ...(await db.selectFrom('users').select('password_hash').execute()).map(
        (row) => row.password_hash,
      ),
      ...(await db.selectFrom('one_time_codes').select('code_hash').execute()).map(
        (row) => row.code_hash,
      ),
      ...(await db.selectFrom('refresh_tokens').select('token_hash').execute()).map(
        (row) => row.token_hash,
      ),
      ...(await db.selectFrom('password_reset_tokens').select('token_hash').execute()).map(
        (row) => row.token_hash,
      ),
      code,
    ].filter((secret): secret is string => typeof secret === 'string');
    expect(secrets.length).toBeGreaterThan(8);

    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 400, 201, 200, 401, 200, 200, 200, 200, 200, 200, 200, 201, 204,
    ]);
    for (const response of responses) {
      const seen = `${JSON.stringify(response.headers)}\n${response.body}`;
      expect(seen).not.toContain('$argon2');
      for (const secret of secrets) expect(seen).not.toContain(secret);
    }
  });

  it('keeps reset links out of the request log', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const logged = await createTestApp(
      dialect,
      { smtpUrl: smtp.url },
      { logger: { level: 'info', stream } },
    );
    try {
      const user = await insertUser(logged.database.db);
      await postJson(logged.app, apiPaths.forgotPassword, { email: user.email });
      const link = resetLinkFrom((await smtp.waitForMails(user.email))[0]!, logged.config.appUrl);
      const response = await postJson(logged.app, buildPath(apiPaths.resetPassword, link), {
        password: 'a brand new passphrase',
        password2: 'a brand new passphrase',
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await logged.close();
    }
    const log = lines.join('');
    expect(log).toContain(apiPaths.forgotPassword);
    expect(log).not.toContain('/reset-password/');
  });
});
