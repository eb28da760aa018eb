import { appRoutes, importScreenTexts as t } from '@um/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, uniqueTag } from './support/api.js';

/** A sheet as an office keeps it: its dates of birth written its own way. */
const sheet = (rows: string[][]) => ({
  name: 'admissions.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    ['Student Name,Roll No,Class,Date of Birth', ...rows.map((row) => row.join(','))].join('\r\n'),
  ),
});

async function openImport(page: Page) {
  await page.goto(appRoutes.studentsImport);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
}

test('a sheet of DD/MM/YYYY dates gets that format suggested, shows its dates as read and imports', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = `Grade 5 ${tag}`;
  await createStandardViaApi(request, account, standard);
  await openImport(page);
  await page.getByLabel(t.fileLabel).setInputFiles(
    sheet([
      [`Asha ${tag}`, '1', standard, '26/01/2014'],
      [`Ravi ${tag}`, '2', standard, '03/02/2014'],
    ]),
  );
  const columns = page.getByRole('region', { name: t.mappingHeading });
  await expect(columns.getByLabel(t.columnLabel('Date of Birth'))).toHaveValue('date_of_birth');
  await expect(columns.getByLabel(t.dateFormatLabel)).toHaveValue('DD/MM/YYYY');
  await expect(columns.getByText(t.dateFormatSuggested)).toBeVisible();
  const preview = columns.getByRole('table', { name: t.previewHeading });
  await expect(preview).toContainText('2014-01-26');
  await expect(preview).toContainText('2014-02-03');

  await columns.getByRole('button', { name: t.checkButton }).click();
  const check = page.getByRole('region', { name: t.resultHeading });
  await expect(check.getByText(t.ready)).toBeVisible();
  await check.getByRole('button', { name: t.importButton(2) }).click();
  const done = page.getByRole('region', { name: t.doneHeading });
  await expect(done.getByText(t.counts.created).locator('xpath=..')).toContainText('2');
});

test('dates that read either way wait for the person to pick their format, then import', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = `Grade 6 ${tag}`;
  await createStandardViaApi(request, account, standard);
  await openImport(page);
  await page.getByLabel(t.fileLabel).setInputFiles(
    sheet([
      [`Neha ${tag}`, '1', standard, '01/02/2014'],
      [`Omar ${tag}`, '2', standard, '03/04/2014'],
    ]),
  );
  const columns = page.getByRole('region', { name: t.mappingHeading });
  const format = columns.getByLabel(t.dateFormatLabel);
  await expect(format).toHaveValue('');
  await expect(columns.getByText(t.dateFormatUnclear)).toBeVisible();
  await expect(columns.getByText(t.dateFormatMissing)).toBeVisible();

  await format.selectOption('MM/DD/YYYY');
  const preview = columns.getByRole('table', { name: t.previewHeading });
  await expect(preview).toContainText('2014-01-02');
  await expect(preview).toContainText('2014-03-04');
  await columns.getByRole('button', { name: t.checkButton }).click();
  const check = page.getByRole('region', { name: t.resultHeading });
  await expect(check.getByText(t.ready)).toBeVisible();
  await check.getByRole('button', { name: t.importButton(2) }).click();
  const done = page.getByRole('region', { name: t.doneHeading });
  await expect(done.getByText(t.counts.created).locator('xpath=..')).toContainText('2');
});
