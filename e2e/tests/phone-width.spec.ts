import { writeFileSync } from 'node:fs';
import {
  bulkScreenTexts,
  currentAcademicYear,
  dailyUseTexts,
  importScreenTexts,
  staffTexts,
  studentRecordTexts,
  texts,
  yearEndScreenTexts,
} from '@um/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  createStandardViaApi,
  createStudentViaApi,
  deleteStudentViaApi,
  uniqueTag,
  updateStudentViaApi,
} from './support/api.js';
import { asAdmin, withRole } from './support/roles.js';
import { storeSession, uniqueEmail } from './support/session.js';
import { expectNoSidewaysScroll, expectWithinReach } from './support/ui.js';

/**
 * Every route at a phone's width, public and signed in (the staff screen as an admin), with its
 * forms, dialogs, menus and steps open where they matter: none scrolls sideways at 360 px and
 * up, nothing on it scrolls sideways in a box of its own, and its key actions are whole on the
 * screen (docs/web.md, "Phone width").
 */

/** Opens `path` and waits for its heading and for its data (no loading status left). */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await expectNoSidewaysScroll(page, path);
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 780 } });

    test('the public screens do not scroll sideways', async ({ page }) => {
      for (const path of [
        '/login',
        '/register',
        '/register?invite=some-token',
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
        admission_number: `ADM-${tag}`,
        date_of_birth: '2011-02-03',
        guardians: [
          {
            name: 'Rajalakshmi Subramaniam',
            relation: 'Mother',
            phone: '+91 98450 67890',
            email: `rajalakshmi.subramaniam.${tag}@home.example.test`,
            primary: true,
          },
        ],
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
        [`/dashboard?year=${Number(currentAcademicYear()) - 1}`, /^Welcome back/],
        ['/projects', 'Projects'],
        ['/tasks', 'Tasks'],
        ['/analytics', /^Welcome back/],
        ['/settings', /^Welcome back/],
        ['/profile', 'Profile'],
        ['/no-such-screen', 'Page not found'],
        ['/students', 'Students'],
        [`/students?standard=${standard.id}`, 'Students'],
        [`/students/${student.id}`, student.name],
        ['/standards', 'Standards'],
        ['/standards/year-end', yearEndScreenTexts.title],
        ['/messages', 'Messages'],
        ['/recently-deleted', 'Recently deleted'],
        ['/students/import', importScreenTexts.title],
      ] as const) {
        await open(page, path, heading);
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
      await expectWithinReach(page, add);
      const addBox = (await add.boundingBox())!;
      const rowTops = await page
        .locator('main')
        .getByRole('link', { name: 'Recently deleted' })
        .evaluate((link, addTop) => [link.getBoundingClientRect().top, addTop], addBox.y);
      expect(rowTops[0], 'the button row wraps onto a second line').not.toBe(rowTops[1]);
      await add.click();
      await page.getByRole('button', { name: 'Save student' }).click();
      await expect(page.getByText('Name is required.')).toBeVisible();
      await expectNoSidewaysScroll(page, 'student form with errors');
      await expectWithinReach(page, page.getByRole('button', { name: 'Save student' }));
      await page.getByRole('button', { name: 'Cancel' }).click();

      // Choosing students brings the bar that changes many at once.
      await page
        .getByRole('checkbox', { name: bulkScreenTexts.selectStudent(student.name) })
        .check();
      const bar = page.getByRole('region', { name: bulkScreenTexts.barLabel });
      await expect(bar).toBeVisible();
      await expectNoSidewaysScroll(page, 'the bar for many students');
      await expectWithinReach(page, bar.getByLabel(bulkScreenTexts.moveTo));
      await page
        .getByRole('checkbox', { name: bulkScreenTexts.selectStudent(student.name) })
        .uncheck();

      const which = `${student.name}, PH-0001`;
      await page.getByRole('button', { name: `Edit ${which}` }).click();
      await updateStudentViaApi(request, account, student, {
        address: `${student.address}, near the long bus stand ${tag}`,
        admission_number: student.admission_number,
        date_of_birth: student.date_of_birth,
        guardians: student.guardians,
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

      // A student's record, its edit form and its history.
      await page.getByRole('link', { name: student.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
      await expectNoSidewaysScroll(page, "a student's record");
      const edit = page.getByRole('button', { name: studentRecordTexts.record.edit });
      await expectWithinReach(page, edit);
      await edit.click();
      await expectWithinReach(page, page.getByRole('button', { name: 'Save changes' }));
      await expectNoSidewaysScroll(page, "a student's record with its edit form");
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: studentRecordTexts.record.history }).click();
      await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
      await expectNoSidewaysScroll(page, "a student's history from the record");
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

      // The year end of this year, whose standards include this test's: each is a card with
      // its target in view, and so is the preview.
      const t = yearEndScreenTexts;
      await page.goto('/standards/year-end');
      await page.getByLabel(t.fromYear).selectOption(currentAcademicYear());
      const target = page.getByLabel(t.targetOf(standard.name));
      await expectWithinReach(page, target);
      await target.selectOption('new');
      await expectWithinReach(page, page.getByLabel(t.newNameOf(standard.name)));
      await expectNoSidewaysScroll(page, 'year end with its targets');
      await page.getByRole('button', { name: t.preview }).click();
      await expect(
        page.getByRole('heading', {
          name: t.previewHeading(currentAcademicYear(), String(Number(currentAcademicYear()) + 1)),
        }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, 'year end preview');

      // The inbox's messages are every test's, so the messages tests open them (messages.spec).
      await page.goto('/messages');
      await page.getByRole('button', { name: 'New Message' }).click();
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByText(texts.inbox.contentRequired)).toBeVisible();
      await expectNoSidewaysScroll(page, 'composer with an error');

      // The import screen with a file read: its columns, the rows it will import, the check.
      const file = testInfo.outputPath('wide-class.csv');
      writeFileSync(
        file,
        'Student Name,E-mail Address,Roll Number,Class,Mobile,Home Address,Guardian,Parent phone\n' +
          `${student.name},${student.email},PH-0003,${standard.name},+91 98450 12345,"${student.address}",Rajalakshmi Subramaniam,+91 98450 67890\n` +
          `Second Pupil ${tag},not-an-address,PH-0004,No Such Class ${tag},,,,\n`,
      );
      await page.goto('/students/import');
      await page.getByLabel(dailyUseTexts.importFile.choose).setInputFiles(file);
      await expect(
        page.getByRole('heading', { name: importScreenTexts.mappingHeading }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, 'import columns and preview');
      await expectWithinReach(
        page,
        page.getByRole('button', { name: importScreenTexts.checkButton }),
      );
      await page.getByRole('button', { name: importScreenTexts.checkButton }).click();
      await expect(
        page.getByRole('heading', { name: importScreenTexts.resultHeading }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, 'import check with row errors');
    });

    test('the staff screen, as an admin, keeps Deactivate and the roles in view', async ({
      page,
      request,
    }) => {
      const admin = await asAdmin(request);
      const colleague = await withRole(request, admin, 'staff');
      const s = staffTexts.screen;
      await storeSession(page, admin.tokens, admin.profile);
      const name = colleague.profile.name || colleague.profile.email;
      await open(page, `/staff?q=${encodeURIComponent(colleague.profile.email)}`, s.title);
      await expectWithinReach(page, page.getByRole('combobox', { name: s.roleOf(name) }));
      const deactivate = page.getByRole('button', { name: `${s.deactivate} ${name}` });
      await expectWithinReach(page, deactivate);
      await deactivate.click();
      await expect(page.getByRole('dialog', { name: s.deactivateTitle(name) })).toBeVisible();
      await expectNoSidewaysScroll(page, 'deactivate question');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: s.invite }).click();
      await expect(page.getByRole('dialog', { name: s.inviteTitle })).toBeVisible();
      await expectNoSidewaysScroll(page, 'invite dialog');
      await page.keyboard.press('Escape');
      await open(page, '/staff', s.title);
    });
  });
}
