import { texts } from '@um/contract';
import { expect, test } from './fixtures.js';

test.describe('below the lg breakpoint', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the sidebar is a drawer that traps focus and closes on Escape and on navigation', async ({
    signedInPage: page,
  }) => {
    const sidebar = page.locator('aside').getByRole('navigation', { name: 'Main' });
    await expect(sidebar).toBeHidden();
    const opener = page.getByRole('button', { name: 'Open navigation' });

    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close navigation' })).toBeFocused();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
    }

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await drawer.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL('/projects');
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(drawer).toBeHidden();
  });
});

test.describe('at the lg breakpoint and above', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the sidebar is always there and shows where the user is', async ({
    signedInPage: page,
  }) => {
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('link', { name: 'Tasks' }).click();
    await expect(sidebar.getByRole('link', { name: 'Tasks' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  });
});

test('a screen that fails shows the error fallback inside the shell, and both ways out work', async ({
  signedInPage: page,
}) => {
  // A screen whose code cannot be fetched (a deploy replaced it, the network dropped) is the
  // real-world failure the boundary is for. Tasks and Projects share that chunk.
  await page.route('**/assets/SampleScreens-*.js', (route) => route.abort());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();

  await expect(page.getByRole('heading', { name: texts.errorFallback.title })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('button', { name: texts.errorFallback.home }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { name: texts.errorFallback.title })).toBeVisible();
  await page.unroute('**/assets/SampleScreens-*.js');
  await page.getByRole('button', { name: texts.errorFallback.refresh }).click();
  await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  await expect(page).toHaveURL('/tasks');
});

test('an unknown address shows a not-found page inside the shell', async ({
  signedInPage: page,
}) => {
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
