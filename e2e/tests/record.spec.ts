import { readFileSync } from 'node:fs';
import { appRoutes, importScreenTexts, importTexts, studentRecordTexts } from '@um/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, createStudentViaApi, uniqueTag } from './support/api.js';

/** The width and height in points of the first page a PDF describes. */
function firstPageSize(pdf: Buffer): [number, number] {
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  expect(box, 'the PDF names its page size').not.toBeNull();
  return [Number(box![1]), Number(box![2])];
}

/** The browser's print dialog cannot be driven: the test counts the calls instead. */
async function stubPrintDialog(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  });
}

test('a class of 60 prints to PDF, every roll number in natural order, without navigation, on A4 or Letter', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const name = `Class 9 C ${tag}`;
  const standard = await createStandardViaApi(request, account, name, 9);
  const numbers = Array.from({ length: 60 }, (_, index) => index + 1);
  // Added out of order, so that only the sort puts them right.
  const shuffled = [...numbers].sort((a, b) => ((a * 37) % 61) - ((b * 37) % 61));
  await Promise.all(
    shuffled.map((n) =>
      createStudentViaApi(request, account, {
        name: `Pupil ${tag} ${String(n).padStart(2, '0')}`,
        email: '',
        roll_number: `9C-${n}`,
        standard: standard.id,
      }),
    ),
  );
  // A student who left prints neither on the class list nor in its count.
  await createStudentViaApi(request, account, {
    name: `Leaver ${tag}`,
    roll_number: '9C-61',
    standard: standard.id,
    status: 'left',
    left_on: '2026-06-30',
  });

  await stubPrintDialog(page);
  await page.goto(`${appRoutes.students}?standard=${standard.id}&sort=roll_number`);
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  await page.getByRole('button', { name: studentRecordTexts.print }).click();

  const view = page.getByRole('dialog', { name: `${studentRecordTexts.printTitle}: ${name}` });
  await expect(view).toBeVisible();
  await expect(view.getByText(studentRecordTexts.printCount(60))).toBeVisible();
  const rolls = view.locator('tbody tr td:first-child');
  await expect(rolls).toHaveCount(60);
  expect(await rolls.allTextContents()).toEqual(numbers.map((n) => `9C-${n}`));
  expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(
    1,
  );

  // On paper: the print view alone, without the app's navigation or the view's controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(view.getByRole('button', { name: studentRecordTexts.print })).toBeHidden();
  await expect(rolls.first()).toBeVisible();
  const a4 = await page.pdf({ preferCSSPageSize: true });
  const [a4Width, a4Height] = firstPageSize(a4);
  expect(Math.round(a4Width)).toBe(595);
  expect(Math.round(a4Height)).toBe(842);
  expect(a4.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0).toBeGreaterThan(1);

  await page.emulateMedia({ media: 'screen' });
  await view.getByLabel(studentRecordTexts.paperSize).selectOption('Letter');
  await page.emulateMedia({ media: 'print' });
  const letter = await page.pdf({ preferCSSPageSize: true });
  expect(firstPageSize(letter).map(Math.round)).toEqual([612, 792]);
});

test('a spreadsheet with birth dates and guardians is imported through the screen and exported back', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const name = `7A ${tag}`;
  const standard = await createStandardViaApi(request, account, name, 7);
  const file = {
    name: 'school-register.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Admission No,Student Name,Roll No,Class,DOB,Guardian,Relationship,Parent Phone',
        `A-${tag}-1,Zoë ${tag},7A-10,${name},2014-03-09,Meera Rao,Mother,+91 98450 12345`,
        `A-${tag}-2,Ravi ${tag},7A-2,${name},2014-11-30,Vikram Shah,Father,080 4455 6677`,
      ].join('\r\n'),
    ),
  };

  await page.goto(appRoutes.studentsImport);
  await page.getByLabel(importScreenTexts.fileLabel).setInputFiles(file);
  const columns = page.getByRole('region', { name: importScreenTexts.mappingHeading });
  const mapped = {
    'Admission No': 'admission_number',
    DOB: 'date_of_birth',
    Guardian: 'guardian_name',
    Relationship: 'guardian_relation',
    'Parent Phone': 'guardian_phone',
  };
  for (const [heading, field] of Object.entries(mapped)) {
    await expect(columns.getByLabel(importScreenTexts.columnLabel(heading))).toHaveValue(field);
  }
  await columns.getByRole('button', { name: importScreenTexts.checkButton }).click();
  const check = page.getByRole('region', { name: importScreenTexts.resultHeading });
  await expect(check.getByText(importScreenTexts.ready)).toBeVisible();
  await check.getByRole('button', { name: importScreenTexts.importButton(2) }).click();
  await expect(page.getByRole('region', { name: importScreenTexts.doneHeading })).toBeVisible();

  // Found by the guardian's phone digits, in natural roll-number order.
  await page.goto(`${appRoutes.students}?standard=${standard.id}&sort=roll_number`);
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: importTexts.exportButton }).click();
  const saved = await download;
  const today = new Date().toISOString().slice(0, 10);
  expect(saved.suggestedFilename()).toBe(`students-7A-${tag}-${today}.csv`);
  const text = readFileSync((await saved.path())!, 'utf8');
  expect(text.startsWith('\uFEFFname,email,roll_number,standard,')).toBe(true);
  const lines = text.trim().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(
    `Ravi ${tag},,7A-2,${name},,,A-${tag}-2,2014-11-30,active,Vikram Shah,Father,080 4455 6677,`,
  );
  expect(lines[2]).toContain(
    `Zoë ${tag},,7A-10,${name},,,A-${tag}-1,2014-03-09,active,Meera Rao,Mother,'+91 98450 12345,`,
  );

  // The record opens in the form with its birth date and guardian.
  await page.getByRole('button', { name: `Edit Zoë ${tag}` }).click();
  await expect(page.getByLabel('Date of birth (optional)')).toHaveValue('2014-03-09');
  const guardian = page.getByRole('group', { name: studentRecordTexts.guardianLegend(1) });
  await expect(guardian.getByLabel(studentRecordTexts.guardianName)).toHaveValue('Meera Rao');
  await expect(guardian.getByLabel(studentRecordTexts.guardianPrimary)).toBeChecked();
});
