import { writeFileSync } from 'node:fs';
import { dailyUseTexts, importScreenTexts, texts } from '@um/contract';
import { expect, test } from './fixtures.js';
import {
  createStandardViaApi,
  createStudentViaApi,
  deleteStudentViaApi,
  uniqueTag,
  updateStudentViaApi,
} from './support/api.js';
import { uniqueEmail } from './support/session.js';
import { expectNoSidewaysScroll } from './support/ui.js';

/**
 * Every screen at a phone's width, public and signed in, with its forms, dialogs and menus open
 * where they matter: none scrolls sideways at 360 px and up.
 */

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 780 } });

    test('the public screens do not scroll sideways', async ({ page }) => {
      for (const path of [
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password/MQ/some-token',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page, path);
      }
      await page.goto('/register');
      await page.getByLabel('Email').fill(uniqueEmail('phone'));
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await expect(page.getByLabel('OTP')).toBeVisible();
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText(texts.register.otpRequired)).toBeVisible();
      await expectNoSidewaysScroll(page, 'sign-up step 2 with errors');
    });

    test('the signed-in screens, their forms, dialogs and menus do not scroll sideways', async ({
      signedInPage: page,
      account,
      request,
    }, testInfo) => {
      // Many screens and states, twice: longer than one screen's test.
      test.slow();
      const tag = uniqueTag();
      const standard = await createStandardViaApi(request, account, `Class 10 Sunflowers ${tag}`);
      const student = await createStudentViaApi(request, account, {
        name: `Venkataraghavan Subramaniam ${tag}`,
        email: `venkataraghavan.subramaniam.${tag}@pupils.example.test`,
        roll_number: 'PH-0001',
        standard: standard.id,
        phone_number: '+91 98450 12345',
        address: '12 Mahatma Gandhi Road, Shivajinagar, Bengaluru 560001',
      });
      const gone = await createStudentViaApi(request, account, {
        name: `Deleted Pupil ${tag}`,
        email: `deleted-${tag}@pupils.test`,
        roll_number: 'PH-0002',
        standard: standard.id,
      });
      await deleteStudentViaApi(request, account, gone);

      for (const [path, heading] of [
        ['/dashboard', /^Welcome back/],
        ['/projects', 'Projects'],
        ['/tasks', 'Tasks'],
        ['/analytics', /^Welcome back/],
        ['/settings', /^Welcome back/],
        ['/profile', 'Profile'],
        ['/no-such-screen', 'Page not found'],
        ['/students', 'Students'],
        [`/students?standard=${standard.id}`, 'Students'],
        ['/standards', 'Standards'],
        ['/standards/year-end', 'Year end'],
        ['/messages', 'Messages'],
        ['/recently-deleted', 'Recently deleted'],
        [importScreenTexts.title, importScreenTexts.title],
      ] as const) {
        await page.goto(path === importScreenTexts.title ? '/students/import' : path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
        await expectNoSidewaysScroll(page, path);
      }

      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'navigation drawer');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /Account menu/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSidewaysScroll(page, 'user menu');
      await page.keyboard.press('Escape');

      // The students screen: its button row wraps, and every button is whole.
      await page.goto(`/students?standard=${standard.id}`);
      const add = page.getByRole('button', { name: 'Add Student' });
      await expect(add).toBeVisible();
      const addBox = (await add.boundingBox())!;
      expect(addBox.x).toBeGreaterThanOrEqual(0);
      expect(addBox.x + addBox.width).toBeLessThanOrEqual(width);
      const rowTops = await page
        .locator('main')
        .getByRole('link', { name: 'Recently deleted' })
        .evaluate((link, addTop) => [link.getBoundingClientRect().top, addTop], addBox.y);
      expect(rowTops[0], 'the button row wraps onto a second line').not.toBe(rowTops[1]);
      await add.click();
      await page.getByRole('button', { name: 'Save student' }).click();
      await expect(page.getByText('Name is required.')).toBeVisible();
      await expectNoSidewaysScroll(page, 'student form with errors');
      await page.getByRole('button', { name: 'Cancel' }).click();

      const which = `${student.name}, PH-0001`;
      await page.getByRole('button', { name: `Edit ${which}` }).click();
      await updateStudentViaApi(request, account, student, {
        address: `${student.address}, near the long bus stand ${tag}`,
      });
      await page.getByLabel('Address (optional)').fill('A different address, typed here instead');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('button', { name: dailyUseTexts.conflict.save })).toBeVisible();
      await expectNoSidewaysScroll(page, 'edit conflict');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: `History of ${which}` }).click();
      await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'student history');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: `Delete ${which}` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSidewaysScroll(page, 'delete student question');
      await page.keyboard.press('Escape');

      await page.goto('/standards');
      await page.getByRole('button', { name: 'Add Standard' }).click();
      await page.getByRole('button', { name: 'Save standard' }).click();
      await expect(page.getByText(texts.standards.nameRequired)).toBeVisible();
      await expectNoSidewaysScroll(page, 'standard form with errors');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: `Delete standard ${standard.name}` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSidewaysScroll(page, 'standard in use');
      await page.keyboard.press('Escape');

      // The inbox's messages are every test's, so the messages tests open them (messages.spec).
      await page.goto('/messages');
      await page.getByRole('button', { name: 'New Message' }).click();
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByText(texts.inbox.contentRequired)).toBeVisible();
      await expectNoSidewaysScroll(page, 'composer with an error');

      // The import screen with a file read: its columns and the rows it will import.
      const file = testInfo.outputPath('wide-class.csv');
      writeFileSync(
        file,
        'Student Name,E-mail Address,Roll Number,Class,Mobile,Home Address\n' +
          `${student.name},${student.email},PH-0003,${standard.name},+91 98450 12345,"${student.address}"\n`,
      );
      await page.goto('/students/import');
      await page.getByLabel(dailyUseTexts.importFile.choose).setInputFiles(file);
      await expect(
        page.getByRole('heading', { name: importScreenTexts.mappingHeading }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, 'import columns and preview');
      await page.getByRole('button', { name: importScreenTexts.checkButton }).click();
      await expect(
        page.getByRole('heading', { name: importScreenTexts.resultHeading }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, 'import check');
    });
  });
}
