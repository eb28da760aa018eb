import { texts } from '@um/contract';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, createStudentViaApi, uniqueTag } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { uniqueEmail } from './support/session.js';
import { viewports } from './support/ui.js';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the public screens have no accessibility violations', async ({ page }) => {
      // Six pages and states, each scanned by axe: 11-16 s alone, more on a busy machine.
      test.slow();
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

for (const colorScheme of ['light', 'dark'] as const) {
  for (const [width, viewport] of Object.entries(viewports)) {
    test.describe(`in ${colorScheme} mode at ${width} width`, () => {
      // Checked at rest: a fade-in caught half way would be measured at partial contrast.
      test.use({ colorScheme, viewport, reducedMotion: 'reduce' });

      test('the signed-in screens and their forms and dialogs have no accessibility violations', async ({
        signedInPage: page,
        account,
        request,
      }) => {
        const tag = uniqueTag();
        const standard = await createStandardViaApi(request, account, `Grade 3 ${tag}`, 3);
        const student = await createStudentViaApi(request, account, {
          name: `Axe Student ${tag}`,
          email: `axe-${tag}@pupils.test`,
          roll_number: 'AX-1',
          standard: standard.id,
          phone_number: '+91 98450 12345',
          address: '12 MG Road, Bengaluru',
        });
        const label = (what: string) => `${what} (${colorScheme}, ${width})`;

        const sampleScreens = [
          ['/dashboard', /^Welcome back/],
          ['/projects', 'Projects'],
          ['/tasks', 'Tasks'],
          ['/profile', 'Profile'],
        ] as const;
        for (const [path, heading] of [
          // At desktop width the test above already checks these.
          ...(width === 'phone' ? sampleScreens : []),
          ['/messages', 'Messages'],
          [`/students?standard=${standard.id}`, 'Students'],
          ['/standards/year-end', 'Year end'],
          // Last: the forms and dialogs below are the standards screen's.
          ['/standards', 'Standards'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          // Lists have loaded once no loading status is left.
          await expect(page.getByRole('status')).toHaveCount(0);
          await expectNoAxeViolations(page, label(path));
        }

        await page.getByRole('button', { name: 'Add Standard' }).click();
        await page.getByLabel('Name').fill(' ');
        await page.getByLabel('Grade level').fill('13');
        await page.getByRole('button', { name: 'Save standard' }).click();
        await expect(page.getByText(texts.standards.gradeLevelRange)).toBeVisible();
        await expectNoAxeViolations(page, label('standard form with errors'));
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('button', { name: `Delete standard ${standard.name}` }).click();
        await expect(page.getByRole('dialog')).toContainText('In use by 1 student');
        await expectNoAxeViolations(page, label('standard in use'));
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

        await page.goto(`/students?standard=${standard.id}`);
        await page.getByRole('button', { name: 'Add Student' }).click();
        await page.getByRole('button', { name: 'Save student' }).click();
        await expect(page.getByText('Name is required.')).toBeVisible();
        await expectNoAxeViolations(page, label('student form with errors'));
        await page.getByRole('button', { name: `Edit ${student.name}, AX-1` }).click();
        await expect(page.getByLabel('Roll number')).toHaveValue('AX-1');
        await expectNoAxeViolations(page, label('student edit form'));
        await page.getByRole('button', { name: `Delete ${student.name}, AX-1` }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page, label('delete student confirmation'));
        await page.keyboard.press('Escape');
        await page.getByLabel('Search students').fill(`nobody-${tag}`);
        await expect(page.getByText(texts.students.empty)).toBeVisible();
        await expectNoAxeViolations(page, label('students empty state'));
      });
    });
  }
}
