import { apiPaths } from '@um/contract';
import { expect, test } from './fixtures.js';
import { appTookOver, holdBackTheApp } from './support/boot-view.js';
import { storeSession } from './support/session.js';

/**
 * The dashboard's pages carry a boot view (web/src/lib/boot-view.ts, decision 0017): once the
 * stored session's check answers, boot.js shows the signed-in screen before the app's code has
 * arrived, and the app later puts its own in its place. What a slow phone shows is what the
 * app holds back here.
 */

test('the dashboard greets the signed-in user before the app has arrived, and the app takes over unseen', async ({
  page,
  account,
}) => {
  await storeSession(page, account.tokens, account.profile);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const release = await holdBackTheApp(page);

  await page.goto('/dashboard', { waitUntil: 'commit' });

  const greeting = page.getByRole('heading', { level: 1, name: `Welcome back, ${account.name}!` });
  await expect(greeting).toBeVisible();
  await expect(page.getByText(account.email, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Until the app runs, nothing on it can be used.
  await expect(page.locator('#boot-view')).toHaveAttribute('inert', '');

  release();
  await appTookOver(page);
  await expect(greeting).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Account menu for ${account.name}` }),
  ).toBeEnabled();
  // The cards came in with the boot view; the app's own do not come in a second time.
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(4);
  expect(
    await cards.evaluateAll((items) => items.map((item) => getComputedStyle(item).animationName)),
  ).toEqual(['none', 'none', 'none', 'none']);
  expect(errors).toEqual([]);
});

test('a session the server refuses shows only the spinner, then the login page', async ({
  page,
  account,
}) => {
  await storeSession(page, { access: 'not-a-token', refresh: 'not-a-token' }, account.profile);
  const release = await holdBackTheApp(page);
  const checked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === apiPaths.profile,
  );

  await page.goto('/dashboard', { waitUntil: 'commit' });

  expect((await checked).status()).toBe(401);
  await expect(page.getByRole('status')).toHaveText('Loading…');
  await expect(page.getByRole('heading')).toHaveCount(0);

  release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});
