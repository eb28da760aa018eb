import { RESET_REDIRECT_MS, apiPaths, texts } from '@um/contract';
import { expect, test } from './fixtures.js';
import { waitForMail } from './support/outbox.js';
import {
  TOKEN_KEY,
  USER_KEY,
  sessionCookies,
  signupCode,
  storedTokens,
  uniqueEmail,
} from './support/session.js';

const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

test('signs up with an e-mailed one-time code and lands on the dashboard, signed in', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();

  await expect(page.getByRole('status')).toHaveText(texts.register.otpSent);
  await expect(page.getByRole('button', { name: 'Sign up with Google' })).toHaveCount(0);
  await page.getByLabel('OTP').fill(await signupCode(email));
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('Confirm password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Welcome back, Grace Hopper!' })).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  const stored = await page.evaluate(
    (keys) => keys.map((key) => localStorage.getItem(key)),
    [TOKEN_KEY, USER_KEY],
  );
  expect(JSON.parse(stored[1]!)).toMatchObject({ email, name: 'Grace Hopper' });
  expect(JSON.parse(stored[0]!)).toEqual({
    access: expect.any(String),
    refresh: expect.any(String),
  });

  const cookies = await sessionCookies(context);
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual([TOKEN_KEY, USER_KEY]);
  for (const cookie of cookies) {
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/');
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(SEVEN_DAYS_S - 60);
    expect(cookie.expires - Date.now() / 1000).toBeLessThanOrEqual(SEVEN_DAYS_S);
  }
});

test('logs in with e-mail and password', async ({ page, account }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByRole('heading', { name: `Welcome back, ${account.name}!` })).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText(account.email).first()).toBeVisible();
});

test("refuses a wrong password with 'Login failed. Please check your credentials.'", async ({
  page,
  account,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByRole('alert')).toContainText(texts.login.failed);
  await expect(page).toHaveURL('/login');
});

test('a deep link to a protected page goes through the login page and back to it', async ({
  page,
  account,
}) => {
  await page.goto('/tasks');
  await expect(page).toHaveURL('/login');

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  await expect(page).toHaveURL('/tasks');
});

test('resets a forgotten password by the e-mailed link, then goes to login after 1.5 s', async ({
  page,
  account,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The login form stays on screen until the next page's code has loaded; wait for the new page.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(texts.forgotPassword.sent);

  const [link] = await waitForMail(account.email, /\/reset-password\/[^/\s"<>]+\/[^/\s"<>]+/);
  await page.goto(link);
  await page.getByLabel('New password').fill('a brand new password');
  await page.getByLabel('Confirm password').fill('a brand new password');
  // Both moments are taken inside the page: the test process may notice the message late on a
  // busy machine, which would make a correct 1.5 s wait look short.
  await page.evaluate((succeeded) => {
    const times: { shown?: number; left?: number } = {};
    (window as unknown as { resetTimes: typeof times }).resetTimes = times;
    new MutationObserver(() => {
      const status = document.querySelector('[role="status"]')?.textContent ?? '';
      if (times.shown === undefined && status.includes(succeeded)) times.shown = performance.now();
      if (times.shown !== undefined && times.left === undefined && location.pathname === '/login') {
        times.left = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, texts.resetPassword.succeeded);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page.getByRole('status')).toHaveText(texts.resetPassword.succeeded);
  await page.waitForURL('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  const { shown, left } = await page.evaluate(
    () => (window as unknown as { resetTimes: { shown: number; left: number } }).resetTimes,
  );
  expect(left - shown).toBeGreaterThanOrEqual(RESET_REDIRECT_MS - 50);
  expect(left - shown).toBeLessThan(RESET_REDIRECT_MS + 3000);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('a brand new password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
});

test('logout clears storage and cookies, revokes the session and goes to login', async ({
  page,
  context,
  account,
  request,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  const tokens = await storedTokens(page);
  expect(await sessionCookies(context)).toHaveLength(2);

  const logout = page.waitForResponse(
    (response) => new URL(response.url()).pathname === apiPaths.logout,
  );
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(await storedTokens(page)).toBeNull();
  expect(await page.evaluate((key) => localStorage.getItem(key), USER_KEY)).toBeNull();
  expect(await sessionCookies(context)).toEqual([]);
  expect((await logout).status()).toBe(204);
  const reuse = await request.post(apiPaths.refresh, { data: { refresh: tokens!.refresh } });
  expect(reuse.status()).toBe(401);
});
