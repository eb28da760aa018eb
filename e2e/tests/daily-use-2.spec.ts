import { appTexts, dailyUseTexts, texts } from '@um/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  createStandardViaApi,
  createStudentViaApi,
  deleteStudentViaApi,
  postMessageViaApi,
  uniqueTag,
} from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';

/** Daily use, round two: finding a message, taking back a delete, and the bin that tells apart. */

const inbox = (page: Page) => page.getByRole('region', { name: /^Inbox/ });

test('the inbox finds messages by words in any order, from the text or the sender, and keeps the search in the address', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  await postMessageViaApi(request, account, `Sports day ${tag}: buses leave at 8.`);
  await postMessageViaApi(request, account, `Parents evening ${tag} moved to Thursday.`);
  await postMessageViaApi(request, account, 'A notice about something else.');

  // Every account is a "Test Teacher": the sender's first name is in no message's text.
  const sender = account.name.split(' ')[0] ?? '';
  await page.goto('/messages');
  await expect(inbox(page).getByRole('listitem').first()).toBeVisible();
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: dailyUseTexts.inbox.search });
  await expect(search).toBeFocused();

  await search.fill(`BUSES ${tag}`);
  const found = page.getByRole('region', { name: `Inbox matching “BUSES ${tag}”` });
  await expect(found.getByRole('listitem')).toHaveCount(1);
  await expect(found.getByRole('listitem')).toContainText('Sports day');
  await expect(page).toHaveURL(/\?q=BUSES\+/);

  await search.fill(`${tag} ${sender}`);
  await expect(
    page.getByRole('region', { name: /^Inbox matching/ }).getByRole('listitem'),
  ).toHaveCount(2);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: dailyUseTexts.inbox.search })).toHaveValue(
    `${tag} ${sender}`,
  );
  await expect(
    page.getByRole('region', { name: /^Inbox matching/ }).getByRole('listitem'),
  ).toHaveCount(2);

  await page.getByRole('searchbox', { name: dailyUseTexts.inbox.search }).fill(`${tag} nowhere`);
  await expect(page.getByText(dailyUseTexts.inbox.noMatch)).toBeVisible();
  await expectNoAxeViolations(page, 'inbox search without a match');
});

test('deleting a message offers Undo, which puts it back in the inbox', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const content = `Fire drill ${uniqueTag()} at 11.`;
  await postMessageViaApi(request, account, content);
  await page.goto('/messages');
  const row = inbox(page).getByRole('listitem').filter({ hasText: content });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /^Delete message from/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(dailyUseTexts.inbox.deleteOwnOnly);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: texts.inbox.deleted })).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('button', { name: appTexts.history.undo }).click();
  await expect(page.getByText(dailyUseTexts.inbox.restored)).toBeVisible();
  await expect(row).toBeVisible();
  await page.reload();
  await expect(inbox(page).getByRole('listitem').filter({ hasText: content })).toBeVisible();
});

test('"Recently deleted" tells two students of one name apart, searches, and restores one whose roll number was taken under another', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const name = `Aadhya Kaur ${tag}`;
  const seventh = await createStandardViaApi(request, account, `Grade 7 Lotus ${tag}`, 7);
  const eighth = await createStandardViaApi(request, account, `Grade 8 Jasmine ${tag}`, 8);
  const student = (standard: number, roll: string) => ({
    name,
    email: `aadhya.${roll}.${tag}@pupils.test`,
    roll_number: roll,
    standard,
    phone_number: '',
    address: '',
  });
  const inSeventh = await createStudentViaApi(request, account, student(seventh.id, '12'));
  const inEighth = await createStudentViaApi(request, account, student(eighth.id, '4'));
  await deleteStudentViaApi(request, account, inSeventh);
  await deleteStudentViaApi(request, account, inEighth);
  // Roll number 12 of Grade 7 goes to a new student while Aadhya is in the bin.
  await createStudentViaApi(request, account, {
    ...student(seventh.id, '12'),
    name: `Kabir Shah ${tag}`,
  });

  await page.goto('/recently-deleted');
  await page.getByRole('searchbox', { name: dailyUseTexts.bin.search }).fill(`kaur ${tag}`);
  const found = page.getByRole('region', {
    name: `Deleted students and standards matching “kaur ${tag}”`,
  });
  await expect(found.getByRole('listitem')).toHaveCount(2);
  await expect(found.getByRole('listitem').nth(0)).toContainText(
    dailyUseTexts.bin.place('4', eighth.name),
  );
  await expect(found.getByRole('listitem').nth(1)).toContainText(
    dailyUseTexts.bin.place('12', seventh.name),
  );

  await page.getByRole('searchbox', { name: dailyUseTexts.bin.search }).fill(`${tag} LOTUS`);
  const seventhOnly = page.getByRole('region', { name: /matching/ }).getByRole('listitem');
  await expect(seventhOnly).toHaveCount(1);
  await seventhOnly.getByRole('button', { name: `Restore student ${name}` }).click();

  const dialog = page.getByRole('dialog', { name: dailyUseTexts.bin.rollTakenTitle(name) });
  await expect(dialog).toContainText(dailyUseTexts.bin.rollTakenHelp('12'));
  const field = dialog.getByLabel('New roll number');
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page, 'restore with another roll number');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/already taken/)).toBeVisible();
  await field.fill('12A');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(appTexts.history.studentRestored)).toBeVisible();
  await expect(seventhOnly).toHaveCount(0);

  await page.goto(`/students?standard=${seventh.id}`);
  await expect(page.getByRole('rowheader', { name })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('12A');
});
