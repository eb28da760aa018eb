import { apiPaths, texts } from '@um/contract';
import { expect, test } from './fixtures.js';
import type { Browser, Locator, Page } from '@playwright/test';

/** Lighthouse's mobile preset slows the CPU four times; a phone is slower than this machine. */
const CPU_SLOWDOWN = 4;
const TRIES = 10;

/**
 * A page in a browser of its own (nothing cached, nothing stored), its CPU slowed like a
 * phone's, opened at `path` without waiting for anything but the server's answer.
 */
async function openOnSlowPhone(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(path, { waitUntil: 'commit' });
  return { page, close: () => context.close() };
}

/**
 * Waits for the moment the form takes input. The pre-rendered form is on screen before its code
 * and stays disabled until the code runs (docs/decisions/0081); what is typed from the moment
 * it is enabled must all arrive.
 */
const formTakesInput = (field: Locator) => expect(field).toBeEditable({ timeout: 20_000 });

/** Resolves with the POST the page sends to `path`. */
const sent = (page: Page, path: string) =>
  page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === path,
  );

test.describe('what a person types the moment a form takes input is never lost', () => {
  // Twenty page loads on a slowed CPU.
  test.setTimeout(300_000);

  test('typing into the login form and pressing Enter at once signs in, ten times of ten', async ({
    browser,
    baseURL,
    account,
  }) => {
    for (let attempt = 1; attempt <= TRIES; attempt += 1) {
      const { page, close } = await openOnSlowPhone(browser, baseURL!, '/login');
      const email = page.getByLabel('Email');
      await formTakesInput(email);
      const request = sent(page, apiPaths.login);
      await email.pressSequentially(account.email);
      // The password as a password manager enters it: one input, then Enter at once. (Typed
      // key by key, forty characters take a slowed CPU over ten seconds.)
      await page.getByLabel('Password').focus();
      await page.keyboard.insertText(account.password);
      await page.keyboard.press('Enter');

      expect((await request).postDataJSON(), `attempt ${attempt}`).toEqual({
        email: account.email,
        password: account.password,
      });
      await expect(page, `attempt ${attempt}`).toHaveURL('/dashboard', { timeout: 20_000 });
      await close();
    }
  });

  test('typing into the forgot-password form and pressing Enter at once sends the link, ten times of ten', async ({
    browser,
    baseURL,
    account,
  }) => {
    for (let attempt = 1; attempt <= TRIES; attempt += 1) {
      const { page, close } = await openOnSlowPhone(browser, baseURL!, '/forgot-password');
      const email = page.getByLabel('Email');
      await formTakesInput(email);
      const request = sent(page, apiPaths.forgotPassword);
      await email.pressSequentially(account.email);
      await email.press('Enter');

      expect((await request).postDataJSON(), `attempt ${attempt}`).toEqual({
        email: account.email,
      });
      await expect(page.getByRole('status'), `attempt ${attempt}`).toHaveText(
        texts.forgotPassword.sent,
        { timeout: 20_000 },
      );
      await close();
    }
  });
});
