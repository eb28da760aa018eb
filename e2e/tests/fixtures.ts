import { test as playwrightTest, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startWorkerServer } from '../support/worker-server.js';
import type { WorkerServer } from '../support/worker-server.js';
import { createAccount, storeSession } from './support/session.js';
import type { Account } from './support/session.js';

/**
 * Every worker starts its own built server, OpenID provider and data directory
 * (support/worker-server.ts), and its tests' pages and API requests go to that server: two
 * workers' tests never meet each other's records, sign-ups or mail (docs/decisions/0080).
 */
export const serverTest = playwrightTest.extend<object, { workerServer: WorkerServer }>({
  workerServer: [
    async ({ playwright }, use, workerInfo) => {
      const dataRoot = process.env['E2E_DATA_ROOT'];
      if (!dataRoot)
        throw new Error('E2E_DATA_ROOT is not set; run the tests through playwright.config.ts');
      const server = await startWorkerServer(workerInfo.parallelIndex, dataRoot);
      // The helpers that read the server's outbox and signing key, and `npm run admin`, find
      // this worker's directory here.
      process.env['E2E_DATA_DIR'] = server.dataDir;
      // The first account of a database is its admin. Someone signs up before the tests, so
      // that no test's own account is the admin by being the worker's first, as none was when
      // every worker shared one database.
      const request = await playwright.request.newContext({ baseURL: server.url });
      await createAccount(request);
      await request.dispose();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer.url);
  },
});

interface Fixtures {
  /** A fresh account, made through the API. */
  account: Account;
  /** A page already signed in as `account`, showing the dashboard. */
  signedInPage: Page;
}

export const test = serverTest.extend<Fixtures>({
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
