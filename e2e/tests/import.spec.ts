import { readFileSync, writeFileSync } from 'node:fs';
import { appRoutes, fieldTexts, importScreenTexts as t, importTexts, texts } from '@um/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, uniqueTag } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { openFromSidebar, studentList, studentRow, tabTo, viewports } from './support/ui.js';

/** A spreadsheet as a school keeps it, saved as CSV: its own headings, in its own order. */
const spreadsheet = (rows: string[][]) => ({
  name: 'class-5.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    ['Student Name, Roll No, Class, E-mail', ...rows.map((row) => row.join(','))].join('\r\n'),
  ),
});

const chooseFile = (page: Page, file: ReturnType<typeof spreadsheet>) =>
  page.getByLabel(t.fileLabel).setInputFiles(file);

test('a spreadsheet is matched, checked, imported into the list and undone again', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = `Grade 5 ${tag}`;
  await createStandardViaApi(request, account, standard);
  const asha = [`Asha ${tag}`, `R-${tag}-1`, standard, `asha-${tag}@pupils.test`];
  const ravi = [`Ravi ${tag}`, `R-${tag}-2`, standard, `ravi-${tag}@pupils.test`];

  await openFromSidebar(page, 'Students');
  await page.getByRole('link', { name: t.openButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  // The first file has a wrong e-mail address in its second row.
  await chooseFile(page, spreadsheet([asha, [ravi[0]!, ravi[1]!, standard, 'ravi-at-pupils']]));
  const columns = page.getByRole('region', { name: t.mappingHeading });
  await expect(columns.getByLabel(t.columnLabel('Student Name'))).toHaveValue('name');
  await expect(columns.getByLabel(t.columnLabel('Roll No'))).toHaveValue('roll_number');
  await expect(columns.getByLabel(t.columnLabel('Class'))).toHaveValue('standard');
  await expect(columns.getByLabel(t.columnLabel('E-mail'))).toHaveValue('email');
  await expect(columns.getByRole('table', { name: t.previewHeading })).toContainText(asha[0]!);

  await columns.getByRole('button', { name: t.checkButton }).click();
  const check = page.getByRole('region', { name: t.resultHeading });
  await expect(check.getByRole('heading', { name: t.errorsHeading(1) })).toBeVisible();
  const error = check.getByRole('row').nth(1);
  await expect(error.getByRole('cell').first()).toHaveText('3');
  await expect(error).toContainText('Email (E-mail)');
  await expect(check.getByRole('button', { name: t.importButton(2) })).toHaveCount(0);

  await chooseFile(page, spreadsheet([asha, ravi]));
  await columns.getByRole('button', { name: t.checkButton }).click();
  await expect(check.getByText(t.ready)).toBeVisible();
  await check.getByRole('button', { name: t.importButton(2) }).click();

  const done = page.getByRole('region', { name: t.doneHeading });
  await expect(done.getByText(t.counts.created).locator('xpath=..')).toContainText('2');

  // The list, in a second tab of the same session.
  const list = await page.context().newPage();
  await list.goto(`${appRoutes.students}?q=${tag}`);
  await expect(studentRow(list, asha[0]!)).toBeVisible();
  await expect(studentRow(list, ravi[0]!)).toBeVisible();

  await done.getByRole('button', { name: t.undoButton }).click();
  await expect(page.getByRole('status').filter({ hasText: t.undone(2, 0) })).toBeVisible();
  await list.reload();
  await expect(studentList(list).getByText(texts.students.empty)).toBeVisible();
});

test('a file naming a class that does not exist yet creates it with the import, hands back its wrong rows to fix, and imports the rest', async ({
  signedInPage: page,
}) => {
  const tag = uniqueTag();
  const standard = `Grade 7 ${tag}`;
  const neha = [`Neha ${tag}`, `N-${tag}-1`, standard, `neha-${tag}@pupils.test`];
  const omar = [`Omar ${tag}`, `N-${tag}-2`, standard, `omar-${tag}@pupils.test`];
  const wrong = [`Pia ${tag}`, `N-${tag}-3`, standard, 'pia-at-pupils'];
  await page.goto(appRoutes.studentsImport);
  await chooseFile(page, spreadsheet([neha, omar, wrong]));
  await page.getByRole('button', { name: t.checkButton }).click();

  const check = page.getByRole('region', { name: t.resultHeading });
  await expect(check.getByRole('heading', { name: t.missingStandardsHeading(1) })).toBeVisible();
  await expect(check.getByLabel(t.gradeLevelOf(standard))).toHaveValue('7');
  await check.getByRole('button', { name: t.createStandardsButton }).click();
  await expect(check.getByText(t.standardsToCreate([standard]))).toBeVisible();
  await expect(check.getByRole('heading', { name: t.errorsHeading(1) })).toBeVisible();
  await expectNoAxeViolations(page, 'import: wrong rows and new standards');

  const download = page.waitForEvent('download');
  await check.getByRole('button', { name: t.downloadWrongRows }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('class-5-errors.csv');
  const wrongRows = readFileSync(await file.path(), 'utf8');
  const problem = `Email (E-mail): ${importTexts.refusedValue(fieldTexts.emailInvalid, 'pia-at-pupils')}`;
  expect(wrongRows).toBe(
    // A spreadsheet's headings kept exactly, their leading spaces quoted.
    '\uFEFFStudent Name," Roll No"," Class"," E-mail",error\r\n' +
      `${wrong.join(',')},"${problem.replaceAll('"', '""')}"\r\n`,
  );

  await check.getByRole('button', { name: t.importValidRows(2) }).click();
  const done = page.getByRole('region', { name: t.doneHeading });
  await expect(done).toContainText(t.createdStandards(1));
  await expect(done).toContainText(t.skippedRows(1));
  await page.goto(`${appRoutes.students}?q=${tag}`);
  await expect(studentRow(page, neha[0]!)).toBeVisible();
  await expect(studentRow(page, omar[0]!)).toBeVisible();
  await expect(studentList(page)).not.toContainText(wrong[0]!);
});

test('the import is done with the keyboard alone, and each step passes the accessibility checks', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = `Grade 6 ${tag}`;
  await createStandardViaApi(request, account, standard, 6);
  await page.goto(appRoutes.studentsImport);
  await expectNoAxeViolations(page, 'import: choose a file');

  const fileInput = page.getByLabel(t.fileLabel);
  // Listened for before the walk: Playwright asks the browser to hand it file choosers without
  // waiting for the answer, and a key sent at once could open the chooser before that.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, fileInput);
  await page.keyboard.press('Space');
  // "Mail Id" is no heading the screen knows: the e-mail column is matched by hand.
  await (
    await chooser
  ).setFiles({
    name: 'class-6.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Name,Mail Id,Roll No,Class\nMeera ${tag},meera-${tag}@pupils.test,M-1,${standard}\n`,
    ),
  });

  const columns = page.getByRole('region', { name: t.mappingHeading });
  await expect(columns.getByRole('heading', { name: t.mappingHeading })).toBeFocused();
  const check = columns.getByRole('button', { name: t.checkButton });
  // A student may have no e-mail, so the file can be checked as it is.
  await expect(check).toBeEnabled();
  await expectNoAxeViolations(page, 'import: match the columns');
  // On a phone the preview is a card per row.
  await page.setViewportSize(viewports.phone);
  await expectNoAxeViolations(page, 'import: match the columns (phone)');
  await page.setViewportSize(viewports.desktop);

  const mailId = columns.getByLabel(t.columnLabel('Mail Id'));
  await tabTo(page, mailId);
  for (let press = 0; press < 10; press += 1) {
    if ((await mailId.inputValue()) === 'email') break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(mailId).toHaveValue('email');
  await tabTo(page, check);
  await page.keyboard.press('Enter');

  const result = page.getByRole('region', { name: t.resultHeading });
  await expect(result.getByRole('heading', { name: t.resultHeading })).toBeFocused();
  await expectNoAxeViolations(page, 'import: check');
  await tabTo(page, result.getByRole('button', { name: t.importButton(1) }));
  await page.keyboard.press('Enter');

  const done = page.getByRole('region', { name: t.doneHeading });
  await expect(done.getByRole('heading', { name: t.doneHeading })).toBeFocused();
  await expectNoAxeViolations(page, 'import: done');
  await tabTo(page, done.getByRole('button', { name: t.undoButton }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: t.undone(1, 0) })).toBeVisible();
});

test('a large file is read off the page’s thread with its progress shown; one over 10 MB is refused', async ({
  signedInPage: page,
}) => {
  await page.goto(appRoutes.studentsImport);
  // About 9 MB: 90,000 students.
  const rows = Array.from(
    { length: 90_000 },
    (_, index) =>
      `Student ${index} of a rather large school,student-${index}@pupils.test,${index},Grade 5,+91 98450 ${String(index).padStart(5, '0')},${index} Long Road`,
  );
  const large = Buffer.from(['Name,Email,Roll No,Class,Mobile,Address', ...rows].join('\r\n'));
  expect(large.length).toBeGreaterThan(9_000_000);
  // From a file on disk, as a person chooses one.
  const path = test.info().outputPath('school.csv');
  writeFileSync(path, large);
  // The progress may come and go between two looks of the test, so the page notes it.
  await page.evaluate((label) => {
    const seen = window as unknown as { progressSeen: boolean };
    seen.progressSeen = false;
    new MutationObserver(() => {
      const bar = document.querySelector('progress');
      if (bar?.labels[0]?.textContent === label) seen.progressSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  }, t.reading);
  const worker = page.waitForEvent('worker');
  await page.getByLabel(t.fileLabel).setInputFiles(path);
  expect((await worker).url()).toMatch(/\/assets\/csv\.worker-[\w-]+\.js$/);
  const columns = page.getByRole('region', { name: t.mappingHeading });
  await expect(columns).toContainText(t.rowCount(90_000));
  expect(
    await page.evaluate(() => (window as unknown as { progressSeen: boolean }).progressSeen),
  ).toBe(true);

  const tooLarge = test.info().outputPath('too-large.csv');
  writeFileSync(tooLarge, Buffer.concat([large, large.subarray(0, 2_000_000)]));
  await page.getByLabel(t.fileLabel).setInputFiles(tooLarge);
  await expect(page.getByRole('alert')).toContainText(importTexts.tooLarge);
  await expect(columns).toBeHidden();
});
