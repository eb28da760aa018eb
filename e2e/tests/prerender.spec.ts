import { THEME_STORAGE_KEY, texts } from '@um/contract';
import { expect, test } from './fixtures.js';
import { holdBackTheApp } from './support/boot-view.js';
import { storeSession } from './support/session.js';
import type { Page } from '@playwright/test';

/**
 * The sign-in pages are prerendered at build time (web/src/prerender.tsx) and React takes the
 * markup over in the browser (issue 7, LCP). What the browser shows before any JavaScript has
 * run must be the real page, and taking it over must not go wrong.
 */

/** Every console error, which includes React's hydration mismatches (src/main.tsx logs them). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** React has taken the page over once the submit button is enabled. */
const hydrated = (page: Page, submit: string) =>
  expect(page.getByRole('button', { name: submit })).toBeEnabled();

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, heading, fields] of [
    ['/login', 'Log in', ['Email', 'Password']],
    ['/register', 'Create your account', ['Email']],
    ['/forgot-password', 'Forgot your password?', ['Email']],
    ['/reset-password/MQ/some-token', 'Set a new password', ['New password', 'Confirm password']],
  ] as const) {
    test(`${path} already shows its page, styled`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText(texts.shell.title, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      for (const field of fields) {
        await expect(page.getByLabel(field, { exact: true })).toBeVisible();
      }
      // The stylesheet applies: the page colour of the light mode, not the browser's white.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgb(248, 250, 252)',
      );
    });
  }

  test('the sign-in form cannot be sent before its code has run', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  });

  test('a signed-in page shows no screen of its own before its code has run', async ({ page }) => {
    await page.goto('/students');
    await expect(page.locator('#root')).toBeEmpty();
    // The dashboard's boot view shows the startup spinner; only boot.js shows its screen.
    await page.goto('/dashboard');
    await expect(page.getByRole('status')).toHaveText('Loading…');
    await expect(page.getByRole('heading')).toHaveCount(0);
  });
});

test('React takes over the prerendered pages without a mismatch', async ({ page }) => {
  const errors = consoleErrors(page);
  for (const [path, submit] of [
    ['/login', 'Log in'],
    ['/register', 'Send OTP'],
    ['/forgot-password', 'Send reset link'],
    ['/reset-password/MQ/some-token', 'Reset password'],
  ] as const) {
    await page.goto(path);
    await hydrated(page, submit);
    // The Google line has settled (not configured here), so every render has happened.
    await expect(page.getByText('Google sign-in is not configured', { exact: false })).toHaveCount(
      path === '/login' || path === '/register' ? 1 : 0,
    );
  }
  expect(errors).toEqual([]);
});

test('a stored dark mode is shown on a prerendered page, and React agrees with it', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto('/login');
  await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
  await page.goto('/login');
  await hydrated(page, 'Log in');
  await expect(page.getByRole('button', { name: texts.shell.toggleColorMode })).toHaveAttribute(
    'title',
    'Color mode: Dark',
  );
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  expect(errors).toEqual([]);
});

test('a signed-in visitor of /login sees the session check, then the page, without errors', async ({
  page,
  account,
}) => {
  await storeSession(page, account.tokens, account.profile);
  const errors = consoleErrors(page);
  await page.goto('/login');
  await hydrated(page, 'Log in');
  await expect(page).toHaveURL('/login');
  expect(errors).toEqual([]);
});

test('what is typed before the code arrives is kept, and signing in works', async ({
  page,
  account,
}) => {
  // Hold the page's code back until the form has been filled in.
  const release = await holdBackTheApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  release();

  await hydrated(page, 'Log in');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.name}!` })).toBeVisible();
});

test('a prerendered page asks for the app only after it has been painted', async ({ page }) => {
  await page.goto('/login');
  await hydrated(page, 'Log in');
  const { painted, scripts } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    // The app's chunks: every script in assets/ but boot.js, the head's own classic script.
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
      .filter((entry) => entry.name.endsWith('.js'))
      .filter(
        (entry) => entry.name !== document.querySelector<HTMLScriptElement>('head script')?.src,
      )
      .map((entry) => entry.startTime),
  }));
  expect(painted).toBeGreaterThan(0);
  expect(scripts.length).toBeGreaterThan(0);
  for (const requested of scripts) expect(requested).toBeGreaterThanOrEqual(painted ?? Infinity);
});

test('the sign-in card is on screen from the first paint, and fades in when opened in the app', async ({
  page,
}) => {
  /** The card's entrance animation (AuthLayout: the wrapper around the card). */
  const entrance = () =>
    page
      .getByRole('heading', { level: 1 })
      .locator('xpath=../..')
      .evaluate((wrapper) => getComputedStyle(wrapper).animationName);
  await page.goto('/login');
  await hydrated(page, 'Log in');
  expect(await entrance()).toBe('none');

  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  expect(await entrance()).toBe('fade-in-up');
});

test('boot.js has a name that changes with its content, so browsers keep it for good', async ({
  page,
  request,
}) => {
  for (const path of ['/login', '/dashboard', '/no-such-page']) {
    await page.goto(path);
    const source = await page.locator('head script').first().getAttribute('src');
    expect(source, path).toMatch(/^\/assets\/boot-[\w-]{8}\.js$/);
    const response = await request.get(source ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('immutable');
  }
});
