import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createAccount, storeSession } from './support/session.js';
import type { Account } from './support/session.js';

interface Fixtures {
  /** A fresh account, made through the API. */
  account: Account;
  /** A page already signed in as `account`, showing the dashboard. */
  signedInPage: Page;
}

export const test = base.extend<Fixtures>({
  // Every test also proves the strict Content-Security-Policy holds: no inline script or
  // style was refused, and no script failed.
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await use(page);
    expect(problems, 'CSP violations or uncaught errors').toEqual([]);
  },
  account: async ({ request }, use) => {
    await use(await createAccount(request));
  },
  signedInPage: async ({ page, account }, use) => {
    await storeSession(page, account.tokens, account.profile);
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: `Welcome back, ${account.name}!` }),
    ).toBeVisible();
    await use(page);
  },
});

export { expect };
