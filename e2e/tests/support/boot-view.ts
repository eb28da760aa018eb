import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * The dashboard's pages first show a boot view that boot.js fills in before the app's code has
 * arrived, and that cannot be used (web/src/lib/boot-view.ts). The app has taken the page over
 * once it has gone.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('#boot-view')).toHaveCount(0);
}

/**
 * Holds back every script of the app but boot.js, the head's own, until the returned function
 * is called: what the page shows meanwhile is what a slow phone shows before the app starts.
 */
export async function holdBackTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    if (!/\/assets\/boot-[\w-]+\.js$/.test(route.request().url())) await released;
    await route.continue();
  });
  return release;
}
