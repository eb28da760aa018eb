import { currentAcademicYear, everydayTexts, texts } from '@um/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, createStudentViaApi, uniqueTag } from './support/api.js';
import {
  expectNoticeToVanishOnItsOwn,
  openFromSidebar,
  studentList,
  studentRow,
  studentRows,
} from './support/ui.js';
const standardRow = (page: Page, name: string) =>
  page
    .getByRole('region', { name: /^Standards of / })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

interface NewStudent {
  name: string;
  email: string;
  roll: string;
  standard: string;
}

async function addStudent(page: Page, student: NewStudent) {
  await page.getByRole('button', { name: 'Add Student' }).click();
  const form = page.getByRole('region', { name: 'Add a student' });
  await form.getByLabel('Name').fill(student.name);
  await form.getByLabel('Email').fill(student.email);
  await form.getByLabel('Roll number').fill(student.roll);
  await form.getByLabel('Standard').selectOption({ label: student.standard });
  await form.getByRole('button', { name: 'Save student' }).click();
}

async function confirmDeletion(page: Page, question: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
}

test('a new standard gets two students; a duplicate roll number is refused; the list filters and searches', async ({
  signedInPage: page,
}) => {
  const tag = uniqueTag();
  const standardName = `Grade 7 ${tag}`;

  await openFromSidebar(page, 'Standards');
  await page.getByRole('button', { name: 'Add Standard' }).click();
  const standardForm = page.getByRole('region', { name: 'Add a standard' });
  await standardForm.getByLabel('Name').fill(standardName);
  await standardForm.getByLabel('Grade level').fill('7');
  await standardForm.getByLabel('Description (optional)').fill('Science stream');
  await expectNoticeToVanishOnItsOwn(page, texts.standards.added, () =>
    standardForm.getByRole('button', { name: 'Save standard' }).click(),
  );
  await expect(standardRow(page, standardName)).toContainText(`Grade 7 · ${currentAcademicYear()}`);
  await expect(standardRow(page, standardName)).toContainText('0 students');

  await openFromSidebar(page, 'Students');
  // Roll numbers no name, e-mail or hex tag can contain, so a search for one finds only it.
  const asha = { name: `Asha ${tag}`, email: `asha-${tag}@pupils.test`, roll: 'R-101' };
  const ravi = { name: `Ravi ${tag}`, email: `ravi-${tag}@pupils.test`, roll: 'R-102' };
  for (const student of [asha, ravi]) {
    await addStudent(page, { ...student, standard: standardName });
    await expect(page.getByRole('status')).toContainText(texts.students.added);
  }

  await addStudent(page, {
    name: `Meena ${tag}`,
    email: `meena-${tag}@pupils.test`,
    roll: asha.roll,
    standard: standardName,
  });
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText(texts.students.addFailed);
  await expect(refusal).toContainText(
    `Roll number "${asha.roll}" is already taken in standard "${standardName}".`,
  );
  await expect(page.getByLabel('Roll number')).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByLabel('Filter by standard').selectOption({ label: standardName });
  await expect(page).toHaveURL(/\/students\?standard=\d+$/);
  await expect(studentList(page)).toHaveAccessibleName(`${standardName} · 2 students`);
  await expect(studentRows(page)).toHaveCount(2);
  for (const student of [asha, ravi]) {
    // The heading names the standard; its rows do not repeat it.
    await expect(studentRow(page, student.name)).not.toContainText(standardName);
    await expect(studentRow(page, student.name)).toContainText(student.roll);
  }

  await page.reload();
  await expect(studentRows(page)).toHaveCount(2);
  await expect(page.getByLabel('Filter by standard').locator('option:checked')).toHaveText(
    standardName,
  );

  const search = page.getByLabel('Search students');
  for (const [query, found] of [
    [ravi.name, ravi],
    [asha.email, asha],
    [ravi.roll, ravi],
  ] as const) {
    await search.fill(query);
    await expect(studentList(page)).toHaveAccessibleName(
      `${standardName} matching “${query}” · 1 student`,
    );
    await expect(studentRows(page)).toHaveCount(1);
    await expect(studentRow(page, found.name)).toBeVisible();
  }
  await expect(page).toHaveURL(/\?standard=\d+&q=R-102$/);

  await search.fill(`nobody-${tag}`);
  await expect(page.getByText(texts.students.empty)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Search students')).toHaveValue(`nobody-${tag}`);
  await expect(page.getByText(texts.students.empty)).toBeVisible();
});

test('a student is edited and deleted; a standard in use says so instead of asking, until it is empty', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Grade 8 ${tag}`, 8);
  const student = (name: string, roll: string) => ({
    name,
    email: `${roll}-${tag}@pupils.test`,
    roll_number: roll,
    standard: standard.id,
  });
  await createStudentViaApi(request, account, student(`Kiran ${tag}`, '31'));
  await createStudentViaApi(request, account, student(`Zoya ${tag}`, '32'));

  // A shared link to one standard's students.
  await page.goto(`/students?standard=${standard.id}`);
  await expect(studentRows(page)).toHaveCount(2);

  await page.getByRole('button', { name: `Edit Kiran ${tag}, 31` }).click();
  const form = page.getByRole('region', { name: `Edit student Kiran ${tag}` });
  await expect(form.getByLabel('Roll number')).toHaveValue('31');
  await form.getByLabel('Name').fill(`Kiran Das ${tag}`);
  await form.getByLabel('Phone (optional)').fill('+91 98450 12345');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toContainText('Student updated successfully!');
  await expect(studentRow(page, `Kiran Das ${tag}`)).toContainText('+91 98450 12345');

  await page.getByRole('button', { name: `Delete Kiran Das ${tag}, 31` }).click();
  await confirmDeletion(page, texts.students.confirmDelete);
  await expect(page.getByRole('status')).toContainText(texts.students.deleted);
  await expect(studentRows(page)).toHaveCount(1);

  await openFromSidebar(page, 'Standards');
  const row = standardRow(page, standard.name);
  await expect(row).toContainText('1 student');
  await row.getByRole('button', { name: `Delete standard ${standard.name}` }).click();
  // A standard with students says so at once, instead of asking and then failing.
  const inUse = page.getByRole('dialog', {
    name: everydayTexts.standardInUse.title(standard.name),
  });
  await expect(inUse).toContainText('In use by 1 student');
  await expect(inUse.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await inUse.getByRole('button', { name: 'Close' }).click();
  await expect(row).toBeVisible();

  await page.goBack();
  await expect(studentList(page)).toHaveAccessibleName(`${standard.name} · 1 student`);
  await page.getByRole('button', { name: `Delete Zoya ${tag}, 32` }).click();
  await confirmDeletion(page, texts.students.confirmDelete);
  await expect(page.getByRole('status')).toContainText(texts.students.deleted);

  await openFromSidebar(page, 'Standards');
  await expect(row).toContainText('0 students');
  await row.getByRole('button', { name: `Delete standard ${standard.name}` }).click();
  await expectNoticeToVanishOnItsOwn(page, texts.standards.deleted, async () => {
    await confirmDeletion(page, texts.standards.confirmDelete);
    await expect(page.getByRole('status')).toContainText(texts.standards.deleted);
    await expect(row).toHaveCount(0);
  });
});
