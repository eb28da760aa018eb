import { apiPaths } from '@um/contract';
import { expect, test } from './fixtures.js';
import { TOKEN_KEY, expiredAccessToken, storedTokens } from './support/session.js';
import type { Page } from '@playwright/test';

async function expireAccessToken(page: Page, userId: string) {
  await page.evaluate(
    ({ key, access }) => {
      const tokens = JSON.parse(localStorage.getItem(key)!) as { access: string };
      localStorage.setItem(key, JSON.stringify({ ...tokens, access }));
    },
    { key: TOKEN_KEY, access: expiredAccessToken(userId) },
  );
}

const isRefresh = (url: string) => new URL(url).pathname === apiPaths.refresh;

test('an expired access token is refreshed without the user noticing', async ({
  signedInPage: page,
  account,
}) => {
  const before = await storedTokens(page);
  // Listened for from before the token expires: a request the page sends on its own (the live
  // stream reconnecting) may be the one that refreshes, before the navigation.
  const refreshed = page.waitForResponse((response) => isRefresh(response.url()));
  await expireAccessToken(page, account.profile.id);
  await page.goto('/profile');

  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page).toHaveURL('/profile');
  const after = await storedTokens(page);
  expect(after!.refresh).not.toBe(before!.refresh);
  expect(after!.access).not.toBe(expiredAccessToken(account.profile.id));
});

test('a revoked session logs the user out', async ({ signedInPage: page, account, request }) => {
  // Ended elsewhere (another device logged out, or the password was reset). The app is left
  // first: an open page learns of the end by itself, through its event stream, and could clear
  // the session before this test stores its expired token; this is the next visit.
  const { refresh } = (await storedTokens(page))!;
  await page.goto(apiPaths.health);
  expect((await request.post(apiPaths.logout, { data: { refresh } })).status()).toBe(204);
  await expireAccessToken(page, account.profile.id);

  await page.goto('/projects');

  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL('/login');
  expect(await storedTokens(page)).toBeNull();
});

test('two tabs with an expired access token spend the refresh token only once', async ({
  signedInPage: page,
  account,
  context,
}) => {
  // The app is left first. Still open, it could start a refresh of its own as the token
  // expires (its live stream connecting after the screen has shown), which the navigation below
  // would cut off after the server had rotated the pair: a third refresh, not two tabs'.
  await page.goto(apiPaths.health);
  let refreshes = 0;
  context.on('request', (request) => {
    if (isRefresh(request.url())) refreshes += 1;
  });
  await expireAccessToken(page, account.profile.id);
  const second = await context.newPage();

  await Promise.all([page.goto('/dashboard'), second.goto('/projects')]);

  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Projects' })).toBeVisible();
  // The refresh lock spans the tabs, but each tab reads local storage from its own process's
  // copy, which may show the other tab's new pair a moment after the lock has passed on: the
  // second tab then asks once more, and the server's grace for two racing tabs answers with the
  // pair now in use (decision 0008). Every other caller waits for the one refresh.
  expect(refreshes).toBeGreaterThanOrEqual(1);
  expect(refreshes).toBeLessThanOrEqual(2);
  await expect
    .poll(async () => {
      const [first, other] = await Promise.all([storedTokens(page), storedTokens(second)]);
      return first !== null && JSON.stringify(first) === JSON.stringify(other);
    })
    .toBe(true);
});

test('the stored session is checked once, while the code of the screen is on its way', async ({
  signedInPage: page,
}) => {
  let checks = 0;
  let checkSent!: () => void;
  const sent = new Promise<void>((resolve) => (checkSent = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== apiPaths.profile) return;
    checks += 1;
    checkSent();
  });
  // The dashboard's code is held back until the check has gone out: the entry sends it, not
  // the screen.
  await page.route('**/assets/DashboardPage-*.js', async (route) => {
    await sent;
    await route.continue();
  });

  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  expect(checks).toBe(1);
});
