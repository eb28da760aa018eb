import { appTexts, texts } from '@um/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, createStudentViaApi, uniqueTag } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { studentList, studentRow, studentRows } from './support/ui.js';

test.use({ viewport: { width: 1280, height: 800 } });

const CLASS_SIZE = 100;
const roll = (n: number) => `9C-${String(n).padStart(3, '0')}`;

/** Fills the add form, leaving which save button to press to the test. */
async function fillStudent(
  page: Page,
  student: { name: string; email: string; roll: string; standard?: string },
) {
  const form = page.getByRole('region', { name: 'Add a student' });
  await form.getByLabel('Name').fill(student.name);
  await form.getByLabel('Email').fill(student.email);
  await form.getByLabel('Roll number').fill(student.roll);
  if (student.standard) await form.getByLabel('Standard').selectOption({ label: student.standard });
  return form;
}

test('a class of 100 sorted by roll number shows its count and reads to the end by scrolling, without Load more', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Class 9 C ${tag}`, 9);
  // Added out of roll order, with names whose order is not the roll numbers' either.
  const order = Array.from({ length: CLASS_SIZE }, (_, i) => ((i * 37) % CLASS_SIZE) + 1);
  for (let start = 0; start < CLASS_SIZE; start += 10) {
    await Promise.all(
      order.slice(start, start + 10).map((n) =>
        createStudentViaApi(request, account, {
          name: `Pupil ${String((n * 61) % 997).padStart(3, '0')} ${tag}`,
          email: `pupil-${n}-${tag}@pupils.test`,
          roll_number: roll(n),
          standard: standard.id,
        }),
      ),
    );
  }

  await page.goto(`/students?standard=${standard.id}`);
  await expect(studentList(page)).toHaveAccessibleName(`${standard.name} · 100 students`);
  const rollHeader = studentList(page).getByRole('columnheader', { name: 'Roll number' });
  await rollHeader.getByRole('button', { name: 'Roll number' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?standard=${standard.id}&sort=roll_number$`));
  await expect(rollHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(studentRows(page).first()).toContainText(roll(1));

  // Scrolling, as a person reads down the class; the pages arrive as the end comes into view.
  await page.mouse.move(640, 400);
  await expect(async () => {
    await page.mouse.wheel(0, 3000);
    await expect(studentRows(page)).toHaveCount(CLASS_SIZE, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const rolls = await studentRows(page)
    .getByRole('cell')
    .filter({ hasText: /^9C-\d{3}$/ })
    .allTextContents();
  expect(rolls).toEqual(Array.from({ length: CLASS_SIZE }, (_, i) => roll(i + 1)));
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // The same class the other way round, and the order kept across a reload.
  await rollHeader.getByRole('button', { name: 'Roll number' }).click();
  await expect(rollHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(studentRows(page).first()).toContainText(roll(CLASS_SIZE));
  await page.reload();
  await expect(studentRows(page).first()).toContainText(roll(CLASS_SIZE));
  await expect(studentList(page)).toHaveAccessibleName(`${standard.name} · 100 students`);

  // A search in any word order, counted in the heading too.
  const somebody = `Pupil ${String((7 * 61) % 997).padStart(3, '0')}`;
  await page.getByLabel('Search students').fill(`${tag} ${somebody.split(' ')[1]}`);
  await expect(studentList(page)).toHaveAccessibleName(
    `${standard.name} matching “${tag} ${somebody.split(' ')[1]}” · 1 student`,
  );
  await expect(studentRow(page, `${somebody} ${tag}`)).toContainText(roll(7));
});

test('save and add another keeps the form open on the same standard and highlights each student just added', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Class 6 B ${tag}`, 6);
  await page.goto(`/students?standard=${standard.id}&sort=roll_number`);
  await expect(studentList(page)).toHaveAccessibleName(`${standard.name} · 0 students`);

  await page.getByRole('button', { name: 'Add Student' }).click();
  const form = await fillStudent(page, {
    name: `Ishaan ${tag}`,
    email: `ishaan-${tag}@pupils.test`,
    roll: '6B-002',
    standard: standard.name,
  });
  await form.getByRole('button', { name: appTexts.students.saveAndAddAnother }).click();
  await expect(page.getByRole('status')).toContainText(texts.students.added);
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Roll number')).toHaveValue('');
  await expect(form.getByLabel('Standard').locator('option:checked')).toHaveText(standard.name);
  await expect(
    page.getByRole('rowheader', { name: `Ishaan ${tag} ${appTexts.students.justAdded}` }),
  ).toBeVisible();

  await fillStudent(page, {
    name: `Diya ${tag}`,
    email: `diya-${tag}@pupils.test`,
    roll: '6B-001',
  });
  await form.getByRole('button', { name: 'Save student' }).click();
  await expect(form).toBeHidden();
  await expect(studentList(page)).toHaveAccessibleName(`${standard.name} · 2 students`);
  // Diya lands first by roll number, highlighted there; Ishaan is no longer marked.
  await expect(studentRows(page).first()).toContainText(
    `Diya ${tag} ${appTexts.students.justAdded}`,
  );
  await expect(studentRows(page).nth(1).getByRole('rowheader')).toHaveText(`Ishaan ${tag}`);
  await expectNoAxeViolations(page, 'students table with a student just added');
});

test('a likely duplicate is pointed out with the existing record, and is saved only on Save anyway', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Class 9 A ${tag}`, 9);
  await createStudentViaApi(request, account, {
    name: `Aarav Patel ${tag}`,
    email: `aarav-${tag}@home.test`,
    roll_number: '9A-040',
    standard: standard.id,
  });
  await page.goto(`/students?standard=${standard.id}`);
  await expect(studentList(page)).toHaveAccessibleName(`${standard.name} · 1 student`);

  await page.getByRole('button', { name: 'Add Student' }).click();
  const form = await fillStudent(page, {
    name: `aarav patel ${tag}`,
    email: `Aarav-${tag}@Home.test`,
    roll: '9A-041',
    standard: standard.name,
  });
  await form.getByRole('button', { name: 'Save student' }).click();
  const warning = form.getByRole('alert');
  await expect(warning).toContainText(appTexts.students.duplicateTitle);
  await expect(warning).toContainText(
    `Aarav Patel ${tag}, 9A-040, ${standard.name}, aarav-${tag}@home.test`,
  );
  await expect(warning).toContainText(appTexts.students.sameEmail);
  await expect(warning).toContainText(appTexts.students.sameName);
  await expect(studentList(page)).toHaveAccessibleName(`${standard.name} · 1 student`);
  await expectNoAxeViolations(page, 'student form with a likely duplicate');

  await warning.getByRole('button', { name: appTexts.students.saveAnyway }).click();
  await expect(page.getByRole('status')).toContainText(texts.students.added);
  await expect(studentList(page)).toHaveAccessibleName(`${standard.name} · 2 students`);

  // Two rows of one name, told apart by their buttons; the dialog says which is going.
  await page.getByRole('button', { name: `Delete aarav patel ${tag}, 9A-041` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`roll number 9A-041, ${standard.name}`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(studentList(page)).toHaveAccessibleName(`${standard.name} · 1 student`);
  await expect(
    page.getByRole('button', { name: `Delete Aarav Patel ${tag}, 9A-040` }),
  ).toBeVisible();
});
