import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.js';

const LOGIN_JS_BUDGET_BYTES = 110 * 1024;

test('the login page loads at most 110 kB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), gzipSync(await response.body()).length);
  });

  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(
    `login page JavaScript: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.size} files`,
  );
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
});
