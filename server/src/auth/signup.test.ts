import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, fieldTexts, texts } from '@um/contract';
import { bearer, freezeClock, postJson } from '../test/auth-helpers.js';
import { insertUser, unique } from '../test/factories.js';
import { dialects, useTestApp } from '../test/harness.js';
import { codeFrom, useSmtpCatcher } from '../test/smtp-catcher.js';

const PROBLEM = /^application\/problem\+json/;
const PASSWORD = 'a long new password';

function registration(email: string, otp: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'New Staff',
    email,
    password: PASSWORD,
    password2: PASSWORD,
    tc: true,
    otp,
    ...overrides,
  };
}

/** A code that is certainly not the mailed one. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(dialects)('sign-up by e-mail code on %s', (dialect) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(dialect, () => ({ smtpUrl: smtp.url }));
  afterEach(() => {
    vi.useRealTimers();
  });

  const newAddress = () => `${unique('new')}@school.test`;
  const sendOtp = (email: string) => postJson(t.app, apiPaths.sendOtp, { email });
  const register = (body: object) => postJson(t.app, apiPaths.register, body);

  async function requestCode(email: string): Promise<string> {
    const before = smtp.mailsTo(email).length;
    const response = await sendOtp(email);
    expect(response.statusCode, response.body).toBe(200);
    const mails = await smtp.waitForMails(email, before + 1);
    return codeFrom(mails[mails.length - 1]!);
  }

  async function wrongCodeAnswer(email: string) {
    const response = await register(registration(email, '000000'));
    return { status: response.statusCode, body: response.json() };
  }

  it('mails a six-digit code with a text and an HTML part, and answers 200 with the spec message', async () => {
    const email = newAddress();
    const response = await sendOtp(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: texts.register.otpSent });
    const [mail] = smtp.mailsTo(email);
    const code = codeFrom(mail!);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.html).toContain(code);
    expect(mail!.text).toContain('10 minutes');
  });

  it('stores the code only as a keyed hash', async () => {
    const email = newAddress();
    const code = await requestCode(email);
    const rows = await t.database.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash.length).toBeGreaterThan(40);
  });

  it('creates the account with the mailed code and answers 201 with a token pair', async () => {
    const email = newAddress();
    const code = await requestCode(email);
    const response = await register(registration(email.toUpperCase(), code, { name: ' Asha ' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token } = response.json<{ token: { access: string; refresh: string } }>();
    expect(Object.keys(response.json())).toEqual(['token']);
    expect(token.refresh.length).toBeGreaterThan(30);

    const profile = await t.app.inject({
      method: 'GET',
      url: apiPaths.profile,
      headers: bearer(token.access),
    });
    expect(profile.json()).toMatchObject({ email, name: 'Asha' });
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('mails an address that already has an account a notice instead of a code, with the same answer', async () => {
    const known = await insertUser(t.database.db);
    const unknown = newAddress();
    const forKnown = await sendOtp(known.email);
    const forUnknown = await sendOtp(unknown);
    expect(forKnown.statusCode).toBe(forUnknown.statusCode);
    expect(forKnown.body).toBe(forUnknown.body);

    const [notice] = smtp.mailsTo(known.email);
    expect(notice!.subject).toMatch(/already have/i);
    expect(notice!.text).toContain(`${t.config.appUrl}/login`);
    expect(notice!.text).toContain(`${t.config.appUrl}/forgot-password`);
    expect(notice!.html).toContain(`${t.config.appUrl}/forgot-password`);
    expect(notice!.text).not.toMatch(/\b\d{6}\b/);
    const codes = await t.database.db
      .selectFrom('one_time_codes')
      .select('id')
      .where('email', '=', known.email)
      .execute();
    expect(codes).toHaveLength(0);
  });

  it('sends at most one mail per address per 60 seconds, and within them says a code was just sent and when to ask again', async () => {
    const clock = freezeClock();
    const email = newAddress();
    const first = await sendOtp(email);
    expect(first.statusCode).toBe(200);
    clock.advance(17_500);
    const second = await sendOtp(email);
    expect(second.statusCode).toBe(429);
    expect(second.headers['content-type']).toMatch(PROBLEM);
    expect(second.headers['retry-after']).toBe('43');
    expect(second.json()).toMatchObject({
      status: 429,
      type: 'urn:problem-type:rate-limited/code-just-sent',
      detail: 'A code was sent less than a minute ago. You can ask for another in 43 seconds.',
    });
    clock.advance(41_600);
    expect((await sendOtp(email)).json()).toMatchObject({
      detail: 'A code was sent less than a minute ago. You can ask for another in 1 second.',
    });
    expect(smtp.mailsTo(email)).toHaveLength(1);

    clock.advance(1_000);
    const third = await sendOtp(email);
    expect(third.statusCode).toBe(200);
    expect(third.body).toBe(first.body);
    await smtp.waitForMails(email, 2);
  });

  it('answers an address with an account the same within the 60 seconds, so it tells nobody which has one', async () => {
    const clock = freezeClock();
    const known = await insertUser(t.database.db);
    const fresh = newAddress();
    for (const email of [known.email, fresh]) expect((await sendOtp(email)).statusCode).toBe(200);
    clock.advance(30_000);
    const [forKnown, forFresh] = await Promise.all([sendOtp(known.email), sendOtp(fresh)]);
    expect(forKnown.statusCode).toBe(429);
    expect(forKnown.body.replace(known.email, '')).toBe(forFresh.body.replace(fresh, ''));
    expect(forKnown.headers['retry-after']).toBe(forFresh.headers['retry-after']);
  });

  it('mails one code when the same address asks several times at once; the others are told it was just sent', async () => {
    const email = newAddress();
    const answers = await Promise.all(Array.from({ length: 4 }, () => sendOtp(email)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429]);
    await smtp.waitForMails(email, 1);
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('replaces the previous code when a new one is mailed', async () => {
    const clock = freezeClock();
    const email = newAddress();
    await requestCode(email);
    clock.advance(61_000);
    const secondCode = await requestCode(email);
    const rows = await t.database.db
      .selectFrom('one_time_codes')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await register(registration(email, secondCode))).statusCode).toBe(201);
  });

  it('refuses a code for any address but the one it was sent to', async () => {
    const sentTo = newAddress();
    const other = newAddress();
    const code = await requestCode(sentTo);
    await requestCode(other);
    const response = await register(registration(other, code));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual((await wrongCodeAnswer(newAddress())).body);
  });

  it('accepts a code only once', async () => {
    const email = newAddress();
    const code = await requestCode(email);
    expect((await register(registration(email, code))).statusCode).toBe(201);
    const again = await register(registration(email, code));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errors: { otp: [expect.any(String)] } });
  });

  it('rejects a code after 10 minutes with the same 400 as a wrong code', async () => {
    const clock = freezeClock();
    const email = newAddress();
    const code = await requestCode(email);
    const wrong = await wrongCodeAnswer(newAddress());
    clock.advance(10 * 60_000 + 1_000);
    const expired = await register(registration(email, code));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(wrong.body);
  });

  it('still accepts a code at 9 minutes 59 seconds', async () => {
    const clock = freezeClock();
    const email = newAddress();
    const code = await requestCode(email);
    clock.advance(10 * 60_000 - 1_000);
    expect((await register(registration(email, code))).statusCode).toBe(201);
  });

  it('burns a code after 5 wrong tries, so even the right digits then get the same 400', async () => {
    const email = newAddress();
    const code = await requestCode(email);
    const wrong = wrongCode(code);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await register(registration(email, wrong))).statusCode).toBe(400);
    }
    const burned = await register(registration(email, code));
    expect(burned.statusCode).toBe(400);
    expect(burned.json()).toEqual((await wrongCodeAnswer(newAddress())).body);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const email = newAddress();
    const code = await requestCode(email);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await register(registration(email, wrongCode(code)))).statusCode).toBe(400);
    }
    expect((await register(registration(email, code))).statusCode).toBe(201);
  });

  it('answers 503 problem JSON when the mail cannot be sent, and leaves nothing behind that blocks a retry', async () => {
    const email = newAddress();
    smtp.refuseNext(1);
    const failed = await sendOtp(email);
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['content-type']).toMatch(PROBLEM);
    expect(failed.json()).toMatchObject({ status: 503, detail: expect.stringMatching(/email/i) });
    const leftovers = await t.database.db
      .selectFrom('one_time_codes')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(leftovers).toHaveLength(0);

    const code = await requestCode(email);
    expect((await register(registration(email, code))).statusCode).toBe(201);
  });

  it('answers 503 for an existing account too when its notice cannot be sent, and lets it retry', async () => {
    const known = await insertUser(t.database.db);
    smtp.refuseNext(1);
    expect((await sendOtp(known.email)).statusCode).toBe(503);
    expect((await sendOtp(known.email)).statusCode).toBe(200);
    expect(smtp.mailsTo(known.email)).toHaveLength(1);
  });

  it('refuses mismatched passwords, tc other than true, and passwords outside 8 to 128 characters', async () => {
    const email = newAddress();
    const code = await requestCode(email);
    const cases: [Record<string, unknown>, string][] = [
      [{ password2: 'something else entirely' }, 'password2'],
      [{ tc: false }, 'tc'],
      [{ password: 'short', password2: 'short' }, 'password'],
      [{ password: 'x'.repeat(129), password2: 'x'.repeat(129) }, 'password'],
    ];
    for (const [overrides, field] of cases) {
      const response = await register(registration(email, code, overrides));
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    }
    const longest = 'y'.repeat(128);
    const accepted = await register(
      registration(email, code, { password: longest, password2: longest }),
    );
    expect(accepted.statusCode).toBe(201);
  });

  it("refuses a name with an invisible format character or nothing to see, as a student's", async () => {
    const email = newAddress();
    const code = await requestCode(email);
    for (const [name, message] of [
      ['Asha\u202Etxt.exe', fieldTexts.nameFormatCharacter],
      ['\u3164\u3164', fieldTexts.nameNothingVisible],
    ]) {
      const response = await register(registration(email, code, { name }));
      expect(response.statusCode).toBe(400);
      expect(response.json<{ errors: Record<string, string[]> }>().errors['name']).toEqual([
        message,
      ]);
    }
    expect((await register(registration(email, code, { name: 'Asha Rao' }))).statusCode).toBe(201);
  });

  it('answers 409 when the address got an account after its code was sent', async () => {
    const email = newAddress();
    const code = await requestCode(email);
    await insertUser(t.database.db, { email });
    const response = await register(registration(email, code));
    expect(response.statusCode).toBe(409);
  });

  describe('with SIGNUP_ALLOWED_DOMAINS', () => {
    const limited = useTestApp(dialect, () => ({
      smtpUrl: smtp.url,
      signupAllowedDomains: ['school.test'],
    }));

    it('refuses to mail a code to an address outside the allowed domains with 403', async () => {
      const outsider = `${unique('out')}@elsewhere.test`;
      const response = await postJson(limited.app, apiPaths.sendOtp, { email: outsider });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(PROBLEM);
      expect(response.json().detail).toContain('@school.test');
      expect(smtp.mailsTo(outsider)).toHaveLength(0);

      const insider = `${unique('in')}@school.test`;
      expect((await postJson(limited.app, apiPaths.sendOtp, { email: insider })).statusCode).toBe(
        200,
      );
    });

    it('refuses to register an address outside the allowed domains with 403', async () => {
      const outsider = `${unique('out')}@elsewhere.test`;
      const response = await postJson(
        limited.app,
        apiPaths.register,
        registration(outsider, '123456'),
      );
      expect(response.statusCode).toBe(403);
    });
  });
});
