import { chmodSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const baseDir = () => mkdtempSync(join(tmpdir(), 'um-config-'));

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env, { baseDir: baseDir() });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const dir = baseDir();
    const config = loadConfig({}, { baseDir: dir });
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      database: { dialect: 'sqlite', filename: join(dir, 'data/app.db') },
      redisUrl: null,
      appUrl: 'http://localhost:3000',
      smtpUrl: null,
      outboxDir: join(dir, 'data/outbox'),
      google: { clientId: null, jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' },
      signupAllowedDomains: '*',
      trustProxy: false,
      requestTimeoutMs: 30_000,
      trashRetentionDays: 30,
      schoolName: null,
    });
  });

  it('generates the development signing key once, keeps it private and reuses it', () => {
    const dir = baseDir();
    const first = loadConfig({}, { baseDir: dir });
    const second = loadConfig({}, { baseDir: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = join(dir, 'data/jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);

    // As an older version or a copy by hand may have left it.
    chmodSync(file, 0o644);
    expect(loadConfig({}, { baseDir: dir }).jwtSecret).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the default database, the key and the outbox in DATA_DIR', () => {
    const dir = baseDir();
    const config = loadConfig({ DATA_DIR: 'school-data' }, { baseDir: dir });
    expect(config.database).toEqual({
      dialect: 'sqlite',
      filename: join(dir, 'school-data', 'app.db'),
    });
    expect(config.outboxDir).toBe(join(dir, 'school-data', 'outbox'));
    expect(readFileSync(join(dir, 'school-data', 'jwt-secret'), 'utf8').trim()).toBe(
      config.jwtSecret,
    );
    const named = loadConfig(
      { DATA_DIR: 'school-data', DATABASE_URL: 'sqlite:elsewhere.db' },
      { baseDir: dir },
    );
    expect(named.database).toEqual({ dialect: 'sqlite', filename: join(dir, 'elsewhere.db') });
  });

  it.each([
    ['postgres://postgres@127.0.0.1:5432/test', 'postgres'],
    ['postgresql://u:p@db/school', 'postgres'],
    ['sqlite::memory:', 'sqlite'],
    ['sqlite:/var/lib/um/app.db', 'sqlite'],
    ['school.db', 'sqlite'],
  ])('reads DATABASE_URL=%s as %s', (url, dialect) => {
    expect(loadConfig({ DATABASE_URL: url }, { baseDir: baseDir() }).database.dialect).toBe(
      dialect,
    );
  });

  it('names DATABASE_URL when it is of an unknown kind', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })).toEqual([
      expect.stringMatching(/^DATABASE_URL=mysql:\/\/x: must be postgres/),
    ]);
  });

  it('names NODE_ENV when it is unknown', () => {
    expect(problemsOf({ NODE_ENV: 'staging' })).toEqual([
      'NODE_ENV=staging: must be development, production or test',
    ]);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      REDIS_URL: 'http://cache',
      SMTP_URL: 'mail.example.com',
      APP_URL: 'example.com',
    });
    expect(problems.map((problem) => problem.split('=')[0])).toEqual([
      'PORT',
      'REDIS_URL',
      'APP_URL',
      'SMTP_URL',
    ]);
  });

  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
    APP_URL: 'https://office.school.edu',
    SMTP_URL: 'smtp://office:mail-password@mail.school.edu:587',
    SIGNUP_ALLOWED_DOMAINS: 'school.edu',
  };

  it('refuses to start in production without JWT_SECRET, APP_URL, SMTP_URL and SIGNUP_ALLOWED_DOMAINS, naming each', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET: is required when NODE_ENV=production',
      'APP_URL: is required when NODE_ENV=production',
      'SMTP_URL: is required when NODE_ENV=production',
      'SIGNUP_ALLOWED_DOMAINS: is required when NODE_ENV=production',
    ]);
    for (const name of ['JWT_SECRET', 'APP_URL', 'SMTP_URL', 'SIGNUP_ALLOWED_DOMAINS'] as const) {
      expect(problemsOf({ ...production, [name]: ' ' })).toEqual([
        `${name}: is required when NODE_ENV=production`,
      ]);
    }
    expect(loadConfig(production, { baseDir: baseDir() })).toMatchObject({
      env: 'production',
      smtpUrl: production.SMTP_URL,
      signupAllowedDomains: ['school.edu'],
    });
  });

  it('lets anyone sign up only when SIGNUP_ALLOWED_DOMAINS says *', () => {
    const config = loadConfig(
      { ...production, SIGNUP_ALLOWED_DOMAINS: '*' },
      { baseDir: baseDir() },
    );
    expect(config.signupAllowedDomains).toBe('*');
    expect(problemsOf({ SIGNUP_ALLOWED_DOMAINS: '*, school.edu' })).toEqual([
      expect.stringMatching(
        /^SIGNUP_ALLOWED_DOMAINS=\*, school\.edu: "\*" is not an e-mail domain/,
      ),
    ]);
    expect(problemsOf({ SIGNUP_ALLOWED_DOMAINS: ',' })).toEqual([
      expect.stringMatching(/^SIGNUP_ALLOWED_DOMAINS=,: must be \* \(anyone may sign up\)/),
    ]);
  });

  it('never shows a secret in a start-up error: not JWT_SECRET, not the password of a URL', () => {
    const secret = 'too-short-but-still-secret';
    const problems = problemsOf({
      ...production,
      JWT_SECRET: secret,
      SMTP_URL: 'smtp://office:mail@password@mail.school.edu:587/?x',
      DATABASE_URL: 'mysql://admin:db-password@db',
      REDIS_URL: 'http://default:redis@password@cache',
    }).join('\n');
    expect(problems).toContain('JWT_SECRET: must be at least 32 characters');
    expect(problems).toContain('REDIS_URL=http://default:…@cache: must be a URL');
    for (const hidden of [secret, 'password', 'redis@']) {
      expect(problems).not.toContain(hidden);
    }
    const database = problemsOf({ DATABASE_URL: 'mysql://admin:db-password@db' });
    expect(database).toEqual([
      expect.stringMatching(/^DATABASE_URL=mysql:\/\/admin:…@db: must be/),
    ]);
  });

  it('reads the OpenID provider whole or not at all, and never shows its secret', () => {
    const dir = baseDir();
    const microsoft = 'https://login.microsoftonline.com/tenant/v2.0';
    expect(
      loadConfig(
        { OIDC_ISSUER: microsoft, OIDC_CLIENT_ID: 'um', OIDC_CLIENT_SECRET: 'hush-hush' },
        { baseDir: dir },
      ).oidc,
    ).toEqual({ issuer: microsoft, clientId: 'um', clientSecret: 'hush-hush', name: 'Microsoft' });
    const partial = problemsOf({
      OIDC_ISSUER: 'https://id.school.test',
      OIDC_CLIENT_SECRET: 's3cr3t-value',
    });
    expect(partial).toEqual([
      'OIDC_CLIENT_ID: is required with OIDC_ISSUER and OIDC_CLIENT_SECRET',
    ]);
    expect(
      problemsOf({
        OIDC_ISSUER: 'https://id.school.test',
        OIDC_CLIENT_ID: 'um',
        OIDC_CLIENT_SECRET: 'x',
      }),
    ).toEqual(['OIDC_NAME: is required with OIDC_ISSUER (the name on the button, such as Okta)']);
    expect(partial.join('\n')).not.toContain('s3cr3t-value');
    expect(problemsOf({ MFA_ENCRYPTION_KEY: 'short-secret' })).toEqual([
      'MFA_ENCRYPTION_KEY: must be at least 32 characters',
    ]);
  });

  it('needs Google or the OpenID provider for SSO_REQUIRED_DOMAINS, and reads its domains', () => {
    expect(problemsOf({ SSO_REQUIRED_DOMAINS: 'school.edu' })).toEqual([
      'SSO_REQUIRED_DOMAINS=school.edu: needs GOOGLE_CLIENT_ID or OIDC_ISSUER, the way those addresses sign in',
    ]);
    const config = loadConfig(
      { SSO_REQUIRED_DOMAINS: ' @School.edu, staff.school.edu ', GOOGLE_CLIENT_ID: 'client' },
      { baseDir: baseDir() },
    );
    expect(config.ssoRequiredDomains).toEqual(['school.edu', 'staff.school.edu']);
  });

  it('reads REQUEST_TIMEOUT_SECONDS as whole seconds, 30 unless set', () => {
    const read = (value: string) =>
      loadConfig({ REQUEST_TIMEOUT_SECONDS: value }, { baseDir: baseDir() }).requestTimeoutMs;
    expect(read('')).toBe(30_000);
    expect(read('5')).toBe(5_000);
    for (const wrong of ['0', '-1', '1.5', 'soon']) {
      expect(problemsOf({ REQUEST_TIMEOUT_SECONDS: wrong })).toEqual([
        `REQUEST_TIMEOUT_SECONDS=${wrong}: must be a whole number of seconds, at least 1`,
      ]);
    }
  });

  it('reads TRASH_RETENTION_DAYS as whole days, 30 unless set', () => {
    const read = (value: string) =>
      loadConfig({ TRASH_RETENTION_DAYS: value }, { baseDir: baseDir() }).trashRetentionDays;
    expect(read('')).toBe(30);
    expect(read('7')).toBe(7);
    for (const wrong of ['0', '-1', '1.5', 'forever']) {
      expect(problemsOf({ TRASH_RETENTION_DAYS: wrong })).toEqual([
        `TRASH_RETENTION_DAYS=${wrong}: must be a whole number of days, at least 1`,
      ]);
    }
  });

  it('reads SCHOOL_NAME as one trimmed line, and refuses a name that breaks lines', () => {
    const read = (value: string) =>
      loadConfig({ SCHOOL_NAME: value }, { baseDir: baseDir() }).schoolName;
    expect(read('')).toBeNull();
    expect(read('  Greenfield Primary School ')).toBe('Greenfield Primary School');
    expect(problemsOf({ SCHOOL_NAME: 'Greenfield\nSchool' })).toEqual([
      'SCHOOL_NAME=Greenfield\nSchool: must be one line of text, without control characters',
    ]);
  });

  it("words every refusal for the operator, never in the validation library's English", () => {
    const problems = problemsOf({
      MAIL_FROM: 'x',
      PORT: '99999',
      LOG_LEVEL: 'loud',
      REQUEST_TIMEOUT_SECONDS: '0',
    });
    expect(problems).toEqual([
      'PORT=99999: must be a port number',
      'MAIL_FROM=x: must be an address such as School Office <office@school.edu>',
      'LOG_LEVEL=loud: must be fatal, error, warn, info, debug, trace or silent',
      'REQUEST_TIMEOUT_SECONDS=0: must be a whole number of seconds, at least 1',
    ]);
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    const read = (value: string) =>
      loadConfig({ TRUST_PROXY: value }, { baseDir: baseDir() }).trustProxy;
    expect(read('true')).toBe(true);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(problemsOf({ TRUST_PROXY: 'everyone' })[0]).toMatch(/^TRUST_PROXY=everyone/);
  });

  it('reads the sign-up domains as a lower-case list', () => {
    const config = loadConfig(
      { SIGNUP_ALLOWED_DOMAINS: 'School.edu, @staff.school.edu ,' },
      { baseDir: baseDir() },
    );
    expect(config.signupAllowedDomains).toEqual(['school.edu', 'staff.school.edu']);
  });

  it('derives APP_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }, { baseDir: baseDir() }).appUrl).toBe(
      'http://localhost:8080',
    );
    expect(
      loadConfig({ APP_URL: 'https://office.school.edu/' }, { baseDir: baseDir() }).appUrl,
    ).toBe('https://office.school.edu');
  });

  it('reads rate limits as MAX/WINDOW_SECONDS', () => {
    const config = loadConfig({ RATE_LIMIT_LOGIN_PER_IP: '3/30' }, { baseDir: baseDir() });
    expect(config.rateLimits.loginPerIp).toEqual({ max: 3, windowMs: 30_000 });
    expect(problemsOf({ RATE_LIMIT_LOGIN_PER_IP: 'lots' })[0]).toMatch(
      /^RATE_LIMIT_LOGIN_PER_IP=lots/,
    );
  });
});
