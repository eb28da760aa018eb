import { THEME_STORAGE_KEY, texts } from '@um/contract';
import { expect, test } from './fixtures.js';
import type { Page } from '@playwright/test';

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));
const toggle = (page: Page) => page.getByRole('button', { name: texts.shell.toggleColorMode });
/** The login page is on screen: the app shows it. */
const started = (page: Page) => expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

test.use({ colorScheme: 'light' });

test('the colour mode choice survives a reload and reaches a second tab', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  expect(await isDark(page)).toBe(false);

  await started(page);
  await toggle(page).click();
  expect(await isDark(page)).toBe(true);
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');

  await page.reload();
  expect(await isDark(page)).toBe(true);

  const second = await context.newPage();
  await second.goto('/register');
  expect(await isDark(second)).toBe(true);

  await toggle(page).click();
  await expect.poll(() => isDark(second)).toBe(false);
  expect(await second.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe(
    'light',
  );
});

test("follows the system's colour scheme by default", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  expect(await isDark(page)).toBe(true);
  await expect(toggle(page)).toHaveAttribute('title', 'Color mode: System');

  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
});

test("applies the stored mode before the app's code has run, so a dark page never flashes", async ({
  page,
}) => {
  await page.goto('/login');
  await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY);
  // Without the app's bundle only the colour-mode script can have set the class.
  await page.route('**/assets/index-*.js', (route) => route.abort());

  await page.goto('/login');

  expect(await isDark(page)).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgb(11, 16, 32)',
  );
});

test('shows the visual identity: page colours per mode, Inter first, animations', async ({
  page,
}) => {
  await page.goto('/login');
  const look = () =>
    page.evaluate(() => {
      const body = getComputedStyle(document.body);
      return { background: body.backgroundColor, color: body.color, font: body.fontFamily };
    });
  expect(await look()).toMatchObject({
    background: 'rgb(248, 250, 252)',
    color: 'rgb(15, 23, 42)',
    font: expect.stringMatching(/^Inter, ui-sans-serif, system-ui/),
  });
  // The card fades in when it opens.
  await started(page);
  await page.getByRole('link', { name: 'Sign up' }).click();
  const card = page.locator('main > div').first();
  await expect(card).toHaveCSS('animation-name', 'fade-in-up');
  await expect(card).toHaveCSS('animation-duration', '0.6s');
  await expect(page.locator('.animate-float').first()).toHaveCSS('animation-duration', '6s');

  await toggle(page).click();
  expect(await look()).toMatchObject({
    background: 'rgb(11, 16, 32)',
    color: 'rgb(226, 232, 240)',
  });
});

test('turns animations off for people who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/login');
  await started(page);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.locator('main > div').first()).toHaveCSS('animation-name', 'none');
  await expect(page.locator('.animate-float').first()).toHaveCSS('animation-name', 'none');
});
