import { appTexts, dailyUseTexts, texts } from '@um/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  createStandardViaApi,
  createStudentViaApi,
  deleteStudentViaApi,
  uniqueTag,
  updateStandardViaApi,
  updateStudentViaApi,
} from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { createAccount } from './support/session.js';
import { openFromSidebar, studentRow } from './support/ui.js';

const listItem = (page: Page, region: RegExp | string, name: string) =>
  page
    .getByRole('region', { name: region })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
/** The roll number a student's row shows, its first column. */
// The row's first cell is the box that chooses it; the roll number comes next.
const rollNumberOf = (page: Page, name: string) => studentRow(page, name).getByRole('cell').nth(1);
const standardRow = (page: Page, name: string) => listItem(page, /^Standards of /, name);
const binRow = (page: Page, name: string) => listItem(page, 'Deleted students and standards', name);

async function confirmDeletion(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
}

/** The conflict view: who saved meanwhile, and a row for each field they changed. */
const conflictPanel = (page: Page) =>
  page.getByRole('alert').filter({
    has: page.getByRole('button', { name: appTexts.history.keepTheirs }),
  });
/** The conflict view's row for one field: its label, their saved value, then what was typed. */
const conflictRow = (page: Page, field: string) =>
  conflictPanel(page).getByRole('row', { name: new RegExp(`^${field}`) });

test('a deleted student comes back with Undo in the banner', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Grade 4 ${tag}`, 4);
  const name = `Nila ${tag}`;
  await createStudentViaApi(request, account, {
    name,
    email: `nila-${tag}@pupils.test`,
    roll_number: '11',
    standard: standard.id,
  });

  await page.goto(`/students?standard=${standard.id}`);
  await page.getByRole('button', { name: `Delete ${name}, 11` }).click();
  await confirmDeletion(page);
  const banner = page.getByRole('status');
  await expect(banner).toContainText(texts.students.deleted);
  await expect(studentRow(page, name)).toHaveCount(0);

  await banner.getByRole('button', { name: appTexts.history.undo }).click();
  await expect(page.getByRole('status')).toContainText(appTexts.history.studentRestored);
  await expect(rollNumberOf(page, name)).toHaveText('11');
  await page.reload();
  await expect(rollNumberOf(page, name)).toHaveText('11');
});

test('what a colleague changed in a student meanwhile is shown side by side, naming them, and kept or overwritten field by field', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const colleague = await createAccount(request);
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Grade 6 ${tag}`, 6);
  const name = `Kiran ${tag}`;
  let kiran = await createStudentViaApi(request, account, {
    name,
    email: `kiran-${tag}@pupils.test`,
    roll_number: '21',
    standard: standard.id,
  });
  await page.goto(`/students?standard=${standard.id}`);
  const form = page.getByRole('region', { name: `Edit student ${name}` });

  // Keep theirs: the form takes the colleague's values, and nothing typed here is saved.
  await page.getByRole('button', { name: `Edit ${name}, 21` }).click();
  await form.getByLabel('Roll number', { exact: true }).fill('22');
  kiran = await updateStudentViaApi(request, colleague, kiran, { roll_number: '23' });
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(conflictPanel(page)).toHaveAccessibleName(dailyUseTexts.conflict.by(colleague.name));
  await expect(conflictRow(page, 'Roll number')).toHaveText(/Roll number\s*23\s*22/);
  await expect(form.getByLabel('Roll number', { exact: true })).toHaveValue('22');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // The page hears of the new scheme a moment later, and its colours change from then on:
    // axe waits for the root to have the scheme's class, and the helper then ends the
    // transitions that began with it.
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
    await expectNoAxeViolations(page, `edit conflict (${colorScheme})`);
  }
  await page.getByRole('button', { name: appTexts.history.keepTheirs }).click();
  await expect(conflictPanel(page)).toHaveCount(0);
  await expect(form.getByLabel('Roll number', { exact: true })).toHaveValue('23');
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(rollNumberOf(page, name)).toHaveText('23');

  // Save: the phone typed here wins over theirs, and their address, not touched here, stays.
  await page.getByRole('button', { name: `Edit ${name}, 23` }).click();
  await form.getByLabel('Phone (optional)').fill('+91 33333 44444');
  await updateStudentViaApi(request, colleague, kiran, {
    phone_number: '+91 11111 22222',
    address: 'New Road 4',
  });
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(conflictRow(page, 'Phone')).toHaveText(
    /Phone\s*\+91 11111 22222\s*\+91 33333 44444/,
  );
  await expect(conflictRow(page, 'Address')).toHaveText(/Address\s*New Road 4\s*—/);
  await expect(form.getByLabel('Phone (optional)')).toHaveValue('+91 33333 44444');
  await page.getByRole('button', { name: dailyUseTexts.conflict.save }).click();
  await expect(page.getByRole('status')).toContainText(appTexts.students.updated);
  await expect(studentRow(page, name)).toContainText('+91 33333 44444');
  await expect(rollNumberOf(page, name)).toHaveText('23');
  // The table leaves the address out: the form shows what was kept.
  await page.getByRole('button', { name: `Edit ${name}, 23` }).click();
  await expect(form.getByLabel('Address (optional)')).toHaveValue('New Road 4');
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('a standard saved in another tab meanwhile is shown side by side, and either version can be kept', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const name = `Class 9 ${tag}`;
  let standard = await createStandardViaApi(request, account, name, 9);
  await openFromSidebar(page, 'Standards');
  const row = standardRow(page, name);
  const form = page.getByRole('region', { name: `Edit standard ${name}` });

  // Keep theirs, then a save of my own on top of their version goes through.
  await row.getByRole('button', { name: `Edit standard ${name}` }).click();
  await form.getByLabel('Description (optional)').fill('Science stream');
  standard = await updateStandardViaApi(request, account, standard, {
    description: 'Arts stream',
  });
  await form.getByRole('button', { name: 'Save changes' }).click();
  // The other save was this person's own, in another tab.
  await expect(conflictPanel(page)).toHaveAccessibleName(dailyUseTexts.conflict.byYou);
  await expect(conflictRow(page, 'Description')).toHaveText(
    /Description\s*Arts stream\s*Science stream/,
  );
  await page.getByRole('button', { name: appTexts.history.keepTheirs }).click();
  await expect(form.getByLabel('Description (optional)')).toHaveValue('Arts stream');
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByLabel('Grade level').fill('10');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toContainText(texts.standards.updated);
  await expect(row).toContainText('Grade 10');
  await expect(row).toContainText('Arts stream');

  // Save: my grade level wins over the other save's.
  await row.getByRole('button', { name: `Edit standard ${name}` }).click();
  await form.getByLabel('Grade level').fill('11');
  await updateStandardViaApi(
    request,
    account,
    { ...standard, version: standard.version + 1 },
    {
      grade_level: 12,
    },
  );
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(conflictRow(page, 'Grade level')).toHaveText(/Grade level\s*12\s*11/);
  await page.getByRole('button', { name: dailyUseTexts.conflict.save }).click();
  await expect(page.getByRole('status')).toContainText(texts.standards.updated);
  await expect(row).toContainText('Grade 11');
  await page.reload();
  await expect(row).toContainText('Grade 11');
});

test("a student's and a standard's history, read from their rows, say who changed what from what to what", async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standardName = `Class 9 ${tag}`;
  const standard = await createStandardViaApi(request, account, standardName, 9);
  const name = `Meena ${tag}`;
  await createStudentViaApi(request, account, {
    name,
    email: `meena-${tag}@pupils.test`,
    roll_number: '31',
    standard: standard.id,
  });

  await page.goto(`/students?standard=${standard.id}`);
  await page.getByRole('button', { name: `Edit ${name}, 31` }).click();
  const studentForm = page.getByRole('region', { name: `Edit student ${name}` });
  await studentForm.getByLabel('Roll number').fill('32');
  await studentForm.getByLabel('Phone (optional)').fill('+91 98450 12345');
  await studentForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toContainText(appTexts.students.updated);

  await studentRow(page, name)
    .getByRole('button', { name: `History of ${name}, 32` })
    .click();
  const studentHistory = page.getByRole('dialog', { name: `History of student ${name}` });
  const studentEvents = studentHistory.getByRole('list').first().locator(':scope > li');
  await expect(studentEvents).toHaveCount(2);
  await expect(studentEvents.first()).toContainText(`${account.name} changed it on`);
  await expect(studentEvents.first()).toContainText('Roll number: “31” → “32”');
  await expect(studentEvents.first()).toContainText('Phone: nothing → “+91 98450 12345”');
  await expect(studentEvents.last()).toContainText(`${account.name} added it on`);
  await studentHistory.getByRole('button', { name: 'Close' }).click();
  await expect(studentHistory).toBeHidden();

  await openFromSidebar(page, 'Standards');
  const row = standardRow(page, standardName);
  await row.getByRole('button', { name: `Edit standard ${standardName}` }).click();
  const standardForm = page.getByRole('region', { name: `Edit standard ${standardName}` });
  await standardForm.getByLabel('Name').fill(`Class 9 C ${tag}`);
  await standardForm.getByLabel('Description (optional)').fill('Science stream');
  await standardForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toContainText(texts.standards.updated);

  const renamed = `Class 9 C ${tag}`;
  await expect(
    page.getByRole('button', { name: `History of standard ${standardName}`, exact: true }),
  ).toHaveCount(0);
  await standardRow(page, renamed)
    .getByRole('button', { name: `History of standard ${renamed}` })
    .click();
  const standardHistory = page.getByRole('dialog', { name: `History of standard ${renamed}` });
  const standardEvents = standardHistory.getByRole('list').first().locator(':scope > li');
  await expect(standardEvents).toHaveCount(2);
  await expect(standardEvents.first()).toContainText(`${account.name} changed it on`);
  await expect(standardEvents.first()).toContainText(`Name: “${standardName}” → “${renamed}”`);
  await expect(standardEvents.first()).toContainText('Description: nothing → “Science stream”');
  await expect(standardEvents.last()).toContainText(`${account.name} added it on`);
  await page.keyboard.press('Escape');
  await expect(standardHistory).toBeHidden();
});

test('"Recently deleted" puts a standard and its student back, the standard first', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standardName = `Grade 3 ${tag}`;
  const standard = await createStandardViaApi(request, account, standardName, 3);
  const name = `Arjun ${tag}`;
  const arjun = await createStudentViaApi(request, account, {
    name,
    email: `arjun-${tag}@pupils.test`,
    roll_number: '41',
    standard: standard.id,
  });
  await deleteStudentViaApi(request, account, arjun);

  await openFromSidebar(page, 'Standards');
  await expect(standardRow(page, standardName)).toContainText('0 students');
  await page.getByRole('button', { name: `Delete standard ${standardName}` }).click();
  await confirmDeletion(page);
  await expect(page.getByRole('status')).toContainText(texts.standards.deleted);

  await page.getByRole('link', { name: appTexts.history.recentlyDeleted }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted' })).toBeVisible();
  await expect(binRow(page, standardName)).toContainText(`Standard deleted`);
  await expect(binRow(page, standardName)).toContainText(`by ${account.name}`);

  await binRow(page, name)
    .getByRole('button', { name: `Restore student ${name}` })
    .click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText(appTexts.history.restoreFailed);
  await expect(refusal).toContainText(appTexts.history.standardInBin(standardName));
  await expect(binRow(page, name)).toBeVisible();

  await binRow(page, standardName)
    .getByRole('button', { name: `Restore standard ${standardName}` })
    .click();
  await expect(page.getByRole('status')).toContainText(appTexts.history.standardRestored);
  await expect(binRow(page, standardName)).toHaveCount(0);
  await binRow(page, name)
    .getByRole('button', { name: `Restore student ${name}` })
    .click();
  await expect(page.getByRole('status')).toContainText(appTexts.history.studentRestored);
  await expect(binRow(page, name)).toHaveCount(0);

  await openFromSidebar(page, 'Standards');
  await expect(standardRow(page, standardName)).toContainText('1 student');
  await page.goto(`/students?standard=${standard.id}`);
  await expect(rollNumberOf(page, name)).toHaveText('41');
});
