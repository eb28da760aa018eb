import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { apiPaths, profileResponseSchema, tokenResponseSchema } from '@um/contract';
import type { Profile, TokenPair } from '@um/contract';
import { waitForMail } from './outbox.js';

/** Where the web app keeps the session (docs/web.md): these keys in local storage and cookies. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface Account {
  email: string;
  password: string;
  name: string;
  tokens: TokenPair;
  profile: Profile;
}

export function uniqueEmail(prefix = 'staff'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@school.test`;
}

/** The 6-digit code the server mailed to `email`. */
export async function signupCode(email: string): Promise<string> {
  const match = await waitForMail(email, /\b(\d{6})\b/);
  return match[1]!;
}

/** A new staff account made through the API the way the sign-up screen makes one. */
export async function createAccount(request: APIRequestContext): Promise<Account> {
  const email = uniqueEmail();
  const password = `pw-${randomUUID()}`;
  const name = 'Test Teacher';
  const sent = await request.post(apiPaths.sendOtp, { data: { email } });
  expect(sent.status()).toBe(200);
  const otp = await signupCode(email);
  const registered = await request.post(apiPaths.register, {
    data: { name, email, password, password2: password, tc: true, otp },
  });
  expect(registered.status()).toBe(201);
  const tokens = tokenResponseSchema.parse(await registered.json()).token;
  const profile = profileResponseSchema.parse(
    await (
      await request.get(apiPaths.profile, { headers: { authorization: `Bearer ${tokens.access}` } })
    ).json(),
  );
  return { email, password, name, tokens, profile };
}

/** Stores a session in the browser as a previous visit would have, without the login screen. */
export async function storeSession(page: Page, tokens: TokenPair, profile: Profile): Promise<void> {
  await page.goto(apiPaths.health);
  await page.evaluate(
    ({ keys, tokens, profile }) => {
      localStorage.setItem(keys.token, JSON.stringify(tokens));
      localStorage.setItem(keys.user, JSON.stringify(profile));
    },
    { keys: { token: TOKEN_KEY, user: USER_KEY }, tokens, profile },
  );
}

export async function storedTokens(page: Page): Promise<TokenPair | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  return raw === null ? null : (JSON.parse(raw) as TokenPair);
}

export async function sessionCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => [TOKEN_KEY, USER_KEY].includes(cookie.name));
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * An access token exactly like the server's but expired a minute ago, signed with the key the
 * server keeps in its data directory: what a browser holds after 15 idle minutes.
 */
export function expiredAccessToken(userId: string): string {
  const secret = readFileSync(join(process.env['E2E_DATA_DIR']!, 'jwt-secret'), 'utf8').trim();
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256' }));
  const payload = base64url(
    JSON.stringify({
      typ: 'access',
      sub: userId,
      iss: 'user-management',
      iat: now - 960,
      exp: now - 60,
    }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/**
 * The access token `access` (one the server minted: its user, token version and session) as
 * it would be `seconds` before it expires: what a browser holds at the end of its 15 minutes.
 */
export function shortLivedAccessToken(access: string, seconds: number): string {
  const secret = readFileSync(join(process.env['E2E_DATA_DIR']!, 'jwt-secret'), 'utf8').trim();
  const claims = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    ver: number;
    sid: string;
  };
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      typ: 'access',
      sub: claims.sub,
      ver: claims.ver,
      sid: claims.sid,
      iss: 'user-management',
      iat: now + seconds - 900,
      exp: now + seconds,
    }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

const serverDir = fileURLToPath(new URL('../../../server', import.meta.url));

/**
 * Makes an account an admin the way a school recovers admin access: `npm run admin -- grant`,
 * run from the built server against the database the browser tests' server uses. The e2e
 * database is shared by every spec, so whoever signed up first is its admin, not this account.
 */
export async function asAdmin(request: APIRequestContext): Promise<Account> {
  const account = await createAccount(request);
  execFileSync('node', ['dist/auth/staff/admin.js', 'grant', account.email], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${join(process.env['E2E_DATA_DIR']!, 'e2e.db')}`,
    },
  });
  const profile = profileResponseSchema.parse(
    await (
      await request.get(apiPaths.profile, {
        headers: { authorization: `Bearer ${account.tokens.access}` },
      })
    ).json(),
  );
  expect(profile.role).toBe('admin');
  return { ...account, profile };
}
