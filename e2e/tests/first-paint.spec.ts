import { appRoutes } from '@um/contract';
import type { ConsoleMessage } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, createStudentViaApi, uniqueTag } from './support/api.js';
import { storeSession } from './support/session.js';
import { viewports } from './support/ui.js';

/** The pre-rendered public pages (web/src/prerender.tsx), with a field and the submit of each. */
const pages = [
  { path: appRoutes.login, heading: 'Log in', field: 'Email', submit: 'Log in' },
  { path: appRoutes.register, heading: 'Create your account', field: 'Email', submit: null },
  {
    path: appRoutes.forgotPassword,
    heading: 'Forgot your password?',
    field: 'Email',
    submit: null,
  },
] as const;

for (const { path, heading, field } of pages) {
  test(`${path}'s HTML from the server holds its form, labelled, before any script`, async ({
    request,
  }) => {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain(`>${heading}</h1>`);
    expect(html).toMatch(/<form[^>]*>/);
    const label = new RegExp(`<label for="([^"]+)"[^>]*>${field}</label>`).exec(html);
    expect(label, `a label "${field}"`).not.toBeNull();
    expect(html).toContain(`<input id="${label![1]}"`);
    // Nothing inline: the Content-Security-Policy allows no inline script.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  test(`${path} shows its form with JavaScript off, and hydrates it without a mismatch when on`, async ({
    browser,
    page,
  }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const still = await noScript.newPage();
    await still.goto(path);
    await expect(still.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(still.getByLabel(field)).toBeVisible();
    // Until the code runs, the form takes nothing the browser would send by itself.
    await expect(still.getByLabel(field)).toBeDisabled();
    await noScript.close();

    const messages: string[] = [];
    const listen = (message: ConsoleMessage) => {
      if (['error', 'warning'].includes(message.type())) messages.push(message.text());
    };
    page.on('console', listen);
    await page.goto(path);
    await expect(page.getByLabel(field)).toBeEnabled();
    await page.getByLabel(field).fill('someone@school.test');
    await expect(page.getByLabel(field)).toHaveValue('someone@school.test');
    expect(messages, 'console errors and warnings while hydrating').toEqual([]);
  });
}

test('the pre-rendered login page puts the cursor in the e-mail field once it can be typed in', async ({
  page,
}) => {
  await page.goto(appRoutes.login);
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('a signed-in person who opens the pre-rendered login page is taken to the dashboard', async ({
  signedInPage: page,
}) => {
  await page.goto(appRoutes.login);
  await expect(page).toHaveURL(appRoutes.dashboard);
});

test.describe('at phone width', () => {
  test.use({ viewport: viewports.phone });

  test("the dashboard's figures arrive without moving what is already on screen", async ({
    page,
    account,
    request,
  }) => {
    const tag = uniqueTag();
    const standard = await createStandardViaApi(request, account, `Grade 4 ${tag}`, 4);
    await createStudentViaApi(request, account, {
      name: `Shift Student ${tag}`,
      email: `shift-${tag}@pupils.test`,
      roll_number: '1',
      standard: standard.id,
    });
    // The figures answer late, so the screen is drawn with their placeholders first.
    await page.route(/\/(management|api\/message)\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number;
          hadRecentInput: boolean;
        }>) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await storeSession(page, account.tokens, account.profile);
    await page.goto(appRoutes.dashboard);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
    await expect(page.getByRole('link', { name: `${standard.name} 1 student` })).toBeVisible();

    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
    );
    // 0.1 is where web.dev's "good" ends; the loading placeholders used to cost 0.3 here.
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });
});
