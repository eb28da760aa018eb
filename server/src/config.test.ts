import { mkdtempSync, readFileSync, statSync } from 'node:fs';
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
      signupAllowedDomains: null,
      trustProxy: false,
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
    expect(statSync(file).mode & 0o077).toBe(0);
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

  it('requires JWT_SECRET in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET: is required when NODE_ENV=production',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toEqual([
      'JWT_SECRET=short: must be at least 32 characters',
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
