import type { Page } from '@playwright/test';
import { deactivatedText, staffTexts } from '@um/contract';
import { expect, test } from './fixtures.js';
import { expectNoAxeViolations } from './support/axe.js';
import { waitForMail } from './support/outbox.js';
import { asAdmin, withRole } from './support/roles.js';
import { storeSession, uniqueEmail } from './support/session.js';
import type { Account } from './support/session.js';

const screenTexts = staffTexts.screen;

async function openStaff(page: Page, admin: Account) {
  await storeSession(page, admin.tokens, admin.profile);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: screenTexts.title, level: 1 })).toBeVisible();
}

test('an admin invites a colleague, who joins by the link, and deactivating them signs them out with the sentence', async ({
  page,
  request,
  browser,
}) => {
  const admin = await asAdmin(request);
  await openStaff(page, admin);
  await expectNoAxeViolations(page, 'staff screen');

  const email = uniqueEmail('invited').replace('@school.test', '@elsewhere.test');
  await page.getByRole('button', { name: screenTexts.invite }).click();
  const dialog = page.getByRole('dialog', { name: screenTexts.inviteTitle });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption('staff');
  await expectNoAxeViolations(page, 'invite dialog');
  await dialog.getByRole('button', { name: screenTexts.sendInvite }).click();
  await expect(page.getByText(screenTexts.invited(email))).toBeVisible();
  await expect(page.getByRole('button', { name: screenTexts.withdraw(email) })).toBeVisible();

  const [, token] = await waitForMail(email, /\/register\?invite=([A-Za-z0-9_-]+)/);
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(`/register?invite=${token}`);
  await expect(colleague.getByLabel('OTP')).toHaveCount(0);
  // The link's address fills the field in; typing it over that as it arrives made it twice.
  await expect(colleague.getByLabel('Email')).toHaveValue(email);
  await colleague.getByLabel('Full name').fill('Invited Colleague');
  await colleague.getByLabel('Password', { exact: true }).fill('a long enough password');
  await colleague.getByLabel('Confirm password').fill('a long enough password');
  await colleague.getByRole('button', { name: 'Create account' }).click();
  await expect(
    colleague.getByRole('heading', { name: 'Welcome back, Invited Colleague!' }),
  ).toBeVisible();
  await colleague.goto('/students');
  await expect(colleague.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();

  // After a whole run of specs the staff list is longer than a page: find them as an admin would.
  await page.reload();
  await page.getByLabel(screenTexts.search).fill(email);
  await page.getByRole('button', { name: `${screenTexts.deactivate} Invited Colleague` }).click();
  const confirm = page.getByRole('dialog', {
    name: screenTexts.deactivateTitle('Invited Colleague'),
  });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: screenTexts.deactivate }).click();
  await expect(page.getByText(screenTexts.deactivated('Invited Colleague'))).toBeVisible();

  // The colleague's open tab is signed out by the server, without anything being clicked.
  await expect(colleague).toHaveURL(/\/login$/, { timeout: 10_000 });
  await expect(colleague.getByText(deactivatedText)).toBeVisible();
  await colleagueContext.close();
});

test('a viewer sees the screens without write controls, and no Staff item', async ({
  page,
  request,
}) => {
  const admin = await asAdmin(request);
  const viewer = await withRole(request, admin, 'viewer');
  await storeSession(page, viewer.tokens, viewer.profile);

  await page.goto('/students');
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Student' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Import' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff' }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page, 'students as a viewer');

  await page.goto('/standards');
  await expect(page.getByRole('heading', { name: 'Standards', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Standard' })).toHaveCount(0);

  await page.goto('/profile');
  const devices = page.getByRole('region', { name: staffTexts.devices.title });
  await expect(devices.getByText(staffTexts.devices.thisDevice)).toBeVisible();
  const activity = page.getByRole('region', { name: staffTexts.activity.title });
  await expect(activity.getByText(staffTexts.activityKinds.role_changed)).toBeVisible();
  await expectNoAxeViolations(page, 'profile with devices and activity');
});
