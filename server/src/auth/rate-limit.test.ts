import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, buildPath } from '@um/contract';
import type { App } from '../app-context.js';
import { defaultRateLimits, type Config } from '../config.js';
import { bearer, freezeClock, loginTokens } from '../test/auth-helpers.js';
import { DEFAULT_PASSWORD, insertUser, unique } from '../test/factories.js';
import { createTestApp, dialects, useTestApp } from '../test/harness.js';
import { resetLinkFrom, useSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';

const PROBLEM = /^application\/problem\+json/;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const tight: Config['rateLimits'] = {
  loginPerIp: { max: 3, windowMs: MINUTE },
  loginFailuresPerAccount: { max: 3, windowMs: 15 * MINUTE },
  mailPerAddress: { max: 2, windowMs: HOUR },
  mailPerIp: { max: 4, windowMs: HOUR },
  registerPerIp: { max: 2, windowMs: MINUTE },
  resetPerIp: { max: 2, windowMs: MINUTE },
  oauthTokenPerIp: { max: 2, windowMs: MINUTE },
};

/**
 * A client address no other test (nor a recent run sharing Redis) is likely to use, so each
 * test starts with fresh per-address counts.
 */
function clientIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

function postFrom(
  app: App,
  ip: string,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
}

/** The failed-login limit the concurrency tests race, with per-address limits out of the way. */
const racedLimits: Config['rateLimits'] = {
  ...tight,
  loginPerIp: { max: 10_000, windowMs: MINUTE },
  loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
};

/**
 * 50 wrong passwords for one address, sent at once from 5 client addresses. Returns how many
 * were checked (401) and how many refused before any check (429).
 */
async function wrongPasswordsAtOnce(app: App, email: string) {
  const ips = Array.from({ length: 5 }, clientIp);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      postFrom(app, ips[index % ips.length]!, apiPaths.login, {
        email,
        password: `wrong password ${index}`,
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  return {
    checked: statuses.filter((status) => status === 401).length,
    refused: statuses.filter((status) => status === 429).length,
  };
}

/**
 * Locks an account with wrong passwords from many addresses, then lets its owner reset the
 * password through the mailed link. Returns the owner's login with the new password.
 */
async function lockThenReset(
  app: App,
  db: Parameters<typeof insertUser>[0],
  smtp: SmtpCatcher,
  appUrl: string,
) {
  const user = await insertUser(db);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    expect(
      (await postFrom(app, clientIp(), apiPaths.login, { email: user.email, password: 'x' }))
        .statusCode,
    ).toBe(401);
  }
  const locked = await postFrom(app, clientIp(), apiPaths.login, {
    email: user.email,
    password: DEFAULT_PASSWORD,
  });
  expect(locked.statusCode).toBe(429);
  expect(
    (await postFrom(app, clientIp(), apiPaths.forgotPassword, { email: user.email })).statusCode,
  ).toBe(200);
  const [mail] = await smtp.waitForMails(user.email);
  const link = resetLinkFrom(mail!, appUrl);
  const reset = await postFrom(app, clientIp(), buildPath(apiPaths.resetPassword, link), {
    password: NEW_PASSWORD,
    password2: NEW_PASSWORD,
  });
  expect(reset.statusCode).toBe(200);
  return postFrom(app, clientIp(), apiPaths.login, { email: user.email, password: NEW_PASSWORD });
}

const NEW_PASSWORD = 'the owner chose a new one';

function expectTooMany(response: Awaited<ReturnType<typeof postFrom>>, windowSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers['content-type']).toMatch(PROBLEM);
  expect(response.json()).toMatchObject({ status: 429, type: 'urn:problem-type:rate-limited' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe.each(dialects)('rate limits on %s', (dialect) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(dialect, () => ({ smtpUrl: smtp.url, rateLimits: tight }));
  afterEach(() => {
    vi.useRealTimers();
  });

  const login = (ip: string, email: string, password = 'not the password', headers = {}) =>
    postFrom(t.app, ip, apiPaths.login, { email, password }, headers);
  const address = () => `${unique('rl')}@school.test`;

  describe('login', () => {
    it('allows 3 logins per minute per client address, then answers 429 with Retry-After', async () => {
      const ip = clientIp();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await login(ip, address())).statusCode).toBe(401);
      }
      expectTooMany(await login(ip, address()), 60);
      expect((await login(clientIp(), address())).statusCode).toBe(401);
    });

    it('allows logins again once the window has passed', async () => {
      const clock = freezeClock();
      const ip = clientIp();
      for (let attempt = 0; attempt < 3; attempt += 1) await login(ip, address());
      expect((await login(ip, address())).statusCode).toBe(429);
      clock.advance(MINUTE + 1_000);
      expect((await login(ip, address())).statusCode).toBe(401);
    });

    it('ignores X-Forwarded-For when TRUST_PROXY is off', async () => {
      const ip = clientIp();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await login(ip, address(), 'x', { 'x-forwarded-for': clientIp() });
      }
      expect((await login(ip, address(), 'x', { 'x-forwarded-for': clientIp() })).statusCode).toBe(
        429,
      );
    });

    it('locks an account after 3 failures from any addresses, even for the right password', async () => {
      const user = await insertUser(t.database.db);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await login(clientIp(), user.email)).statusCode).toBe(401);
      }
      expectTooMany(await login(clientIp(), user.email, DEFAULT_PASSWORD), 15 * 60);
    });

    it('locks an unknown address exactly as it locks an account', async () => {
      freezeClock();
      const user = await insertUser(t.database.db);
      const unknown = address();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await login(clientIp(), user.email);
        await login(clientIp(), unknown);
      }
      const forUser = await login(clientIp(), user.email);
      const forUnknown = await login(clientIp(), unknown);
      expect(forUser.statusCode).toBe(429);
      expect(forUnknown.statusCode).toBe(429);
      expect(forUnknown.json().detail).toBe(forUser.json().detail);
      expect(forUnknown.headers['retry-after']).toBe(forUser.headers['retry-after']);
    });

    it('does not count successful logins as failures', async () => {
      const user = await insertUser(t.database.db);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await login(clientIp(), user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
      }
    });

    it('checks at most 10 of 50 wrong passwords for one address sent at once from 5 addresses', async () => {
      const app = await createTestApp(dialect, { rateLimits: racedLimits });
      try {
        const user = await insertUser(app.database.db);
        expect(await wrongPasswordsAtOnce(app.app, user.email)).toEqual({
          checked: 10,
          refused: 40,
        });
        const owner = await postFrom(app.app, clientIp(), apiPaths.login, {
          email: user.email,
          password: DEFAULT_PASSWORD,
        });
        expect(owner.statusCode).toBe(429);
      } finally {
        await app.close();
      }
    });

    it('lifts the login lock of an address once its password is reset, so a lock somebody else caused never keeps the owner out', async () => {
      const login = await lockThenReset(t.app, t.database.db, smtp, t.config.appUrl);
      expect(login.statusCode).toBe(200);
    });

    it('lifts the login lock of an address once its owner changes the password in a session still open', async () => {
      const user = await insertUser(t.database.db);
      const session = await loginTokens(t.app, user.email);
      for (let attempt = 0; attempt < 4; attempt += 1) await login(clientIp(), user.email);
      expect((await login(clientIp(), user.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
      const changed = await postFrom(
        t.app,
        clientIp(),
        apiPaths.changePassword,
        { current_password: DEFAULT_PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD },
        bearer(session.access),
      );
      expect(changed.statusCode).toBe(200);
      expect((await login(clientIp(), user.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('still mails a reset link to an account locked by failed logins', async () => {
      const user = await insertUser(t.database.db);
      for (let attempt = 0; attempt < 4; attempt += 1) await login(clientIp(), user.email);
      expect((await login(clientIp(), user.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
      const forgot = await postFrom(t.app, clientIp(), apiPaths.forgotPassword, {
        email: user.email,
      });
      expect(forgot.statusCode).toBe(200);
      await smtp.waitForMails(user.email);
    });
  });

  describe.each([
    ['send_otp', apiPaths.sendOtp],
    ['forgot-password', apiPaths.forgotPassword],
  ])('%s', (_name, path) => {
    it('allows 2 requests per address per hour from any client addresses, then answers 429', async () => {
      // A minute apart: within one, a second sign-up code is refused for its own reason.
      const clock = freezeClock();
      const email = address();
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect((await postFrom(t.app, clientIp(), path, { email })).statusCode).toBe(200);
        clock.advance(61_000);
      }
      expectTooMany(await postFrom(t.app, clientIp(), path, { email }), 3600);
    });

    it('allows 4 requests per client address per hour across addresses, then answers 429', async () => {
      const ip = clientIp();
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await postFrom(t.app, ip, path, { email: address() })).statusCode).toBe(200);
      }
      expectTooMany(await postFrom(t.app, ip, path, { email: address() }), 3600);
    });
  });

  it('does not count sign-up mails and reset requests that failed because the mail server did not answer', async () => {
    const email = address();
    smtp.refuseNext(3);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postFrom(t.app, clientIp(), apiPaths.sendOtp, { email })).statusCode).toBe(503);
    }
    expect((await postFrom(t.app, clientIp(), apiPaths.sendOtp, { email })).statusCode).toBe(200);

    const app = await createTestApp(dialect, { smtpUrl: 'smtp://127.0.0.1:1', rateLimits: tight });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await postFrom(app.app, clientIp(), apiPaths.forgotPassword, { email });
        expect(answer.statusCode).toBe(503);
      }
    } finally {
      await app.close();
    }
  });

  it('allows 2 registrations per client address per minute, then answers 429', async () => {
    const ip = clientIp();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await postFrom(t.app, ip, apiPaths.register, {})).statusCode).toBe(400);
    }
    expectTooMany(await postFrom(t.app, ip, apiPaths.register, {}), 60);
  });

  it('allows 2 password resets per client address per minute, then answers 429', async () => {
    const ip = clientIp();
    const url = buildPath(apiPaths.resetPassword, { id: 'MQ', token: 'not-a-token' });
    const body = { password: 'a long new password', password2: 'a long new password' };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await postFrom(t.app, ip, url, body)).statusCode).toBe(400);
    }
    expectTooMany(await postFrom(t.app, ip, url, body), 60);
  });

  describe('behind a trusted proxy', () => {
    const proxied = useTestApp(dialect, { rateLimits: tight, trustProxy: ['127.0.0.1'] });

    it('counts each forwarded client address separately when TRUST_PROXY trusts the proxy', async () => {
      const forwarded = (client: string) =>
        postFrom(
          proxied.app,
          '127.0.0.1',
          apiPaths.login,
          { email: address(), password: 'x' },
          { 'x-forwarded-for': client },
        );
      const client = clientIp();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await forwarded(client)).statusCode).toBe(401);
      }
      expect((await forwarded(client)).statusCode).toBe(429);
      expect((await forwarded(clientIp())).statusCode).toBe(401);
    });
  });
});

describe('rate-limit defaults', () => {
  it('are the limits the auth promises name, unless RATE_LIMIT_* says otherwise', () => {
    expect(defaultRateLimits).toEqual({
      loginPerIp: { max: 10, windowMs: MINUTE },
      loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
      mailPerAddress: { max: 5, windowMs: HOUR },
      mailPerIp: { max: 30, windowMs: HOUR },
      registerPerIp: { max: 10, windowMs: MINUTE },
      resetPerIp: { max: 10, windowMs: MINUTE },
      oauthTokenPerIp: { max: 30, windowMs: MINUTE },
    });
  });
});

describe('rate limits when Redis is unreachable', () => {
  it('keeps answering and keeps limiting in this process', async () => {
    const app = await createTestApp('sqlite', {
      rateLimits: tight,
      redisUrl: 'redis://127.0.0.1:1',
    });
    try {
      const ip = clientIp();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await postFrom(app.app, ip, apiPaths.login, {
          email: `${unique('r')}@school.test`,
          password: 'x',
        });
        expect(response.statusCode).toBe(401);
      }
      const limited = await postFrom(app.app, ip, apiPaths.login, {
        email: `${unique('r')}@school.test`,
        password: 'x',
      });
      expectTooMany(limited, 60);
    } finally {
      await app.close();
    }
  });
});

/** Set TEST_REDIS_URL (for example redis://127.0.0.1:6379) to run this against a real Redis. */
const redisUrls = process.env['TEST_REDIS_URL'] ? [process.env['TEST_REDIS_URL']] : [];

describe.each(redisUrls)('rate limits shared through Redis at %s', (redisUrl) => {
  const smtp = useSmtpCatcher();

  it('checks at most 10 of 50 wrong passwords for one address sent at once to two API processes', async () => {
    const first = await createTestApp('sqlite', { rateLimits: racedLimits, redisUrl });
    const second = await createTestApp('sqlite', { rateLimits: racedLimits, redisUrl });
    try {
      const email = `${unique('race')}@school.test`;
      const [one, two] = await Promise.all([
        wrongPasswordsAtOnce(first.app, email),
        wrongPasswordsAtOnce(second.app, email),
      ]);
      expect(one.checked + two.checked).toBe(10);
      expect(one.refused + two.refused).toBe(90);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('lifts the shared login lock of an address once its password is reset', async () => {
    const app = await createTestApp('sqlite', {
      rateLimits: tight,
      redisUrl,
      smtpUrl: smtp.url,
    });
    try {
      const login = await lockThenReset(app.app, app.database.db, smtp, app.config.appUrl);
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('counts one limit across two API processes', async () => {
    const first = await createTestApp('sqlite', { rateLimits: tight, redisUrl });
    const second = await createTestApp('sqlite', { rateLimits: tight, redisUrl });
    try {
      const ip = clientIp();
      const attempt = (app: App) =>
        postFrom(app, ip, apiPaths.login, { email: `${unique('r')}@school.test`, password: 'x' });
      expect((await attempt(first.app)).statusCode).toBe(401);
      expect((await attempt(second.app)).statusCode).toBe(401);
      expect((await attempt(first.app)).statusCode).toBe(401);
      expectTooMany(await attempt(second.app), 60);

      const email = `${unique('r')}@school.test`;
      const failure = (app: App) =>
        postFrom(app, clientIp(), apiPaths.login, { email, password: 'x' });
      await failure(first.app);
      await failure(second.app);
      await failure(first.app);
      expectTooMany(await failure(second.app), 15 * 60);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
