import { expect, test } from './fixtures.js';
import { expectNoAxeViolations } from './support/axe.js';
import { uniqueEmail } from './support/session.js';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the public screens have no accessibility violations', async ({ page }) => {
      for (const path of [
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password/MQ/some-token',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          colorScheme === 'dark',
        );
        await expectNoAxeViolations(page, `${path} (${colorScheme})`);
      }

      await page.goto('/register');
      await page.getByLabel('Email').fill(uniqueEmail('axe'));
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await expect(page.getByLabel('OTP')).toBeVisible();
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByLabel('OTP')).toBeFocused();
      await expectNoAxeViolations(page, `/register step 2 with errors (${colorScheme})`);

      await page.goto('/login');
      await page.getByLabel('Email').fill('nobody@school.test');
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, `/login with an error (${colorScheme})`);
    });

    test('the shell and its screens have no accessibility violations', async ({
      signedInPage: page,
    }) => {
      for (const [path, heading] of [
        ['/dashboard', /Welcome back/],
        ['/projects', 'Projects'],
        ['/tasks', 'Tasks'],
        ['/profile', 'Profile'],
        ['/no-such-screen', 'Page not found'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoAxeViolations(page, `${path} (${colorScheme})`);
      }

      await page.getByRole('button', { name: /Account menu/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page, `user menu (${colorScheme})`);
    });

    test('the navigation drawer has no accessibility violations', async ({
      signedInPage: page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
      await expectNoAxeViolations(page, `drawer (${colorScheme})`);
    });
  });
}
