import { MAIL_COOLDOWN_MS, everydayTexts, signedOutElsewhereText, texts } from '@um/contract';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, createStudentViaApi, uniqueTag } from './support/api.js';
import { uniqueEmail } from './support/session.js';
import { openFromSidebar } from './support/ui.js';

/** What an office trips on in daily use: typing that is lost, and the small things around it. */

test('a half-filled form asks before a sidebar link or Back leaves it, and leaves when told to', async ({
  signedInPage: page,
}) => {
  await openFromSidebar(page, 'Standards');
  await page.getByRole('button', { name: 'Add Standard' }).click();
  await page.getByLabel('Name').fill(`Grade 7 ${uniqueTag()}`);

  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await sidebar.getByRole('link', { name: 'Students' }).click();
  const question = page.getByRole('dialog', { name: everydayTexts.unsaved.title });
  await expect(question).toContainText(everydayTexts.unsaved.message);
  await question.getByRole('button', { name: everydayTexts.unsaved.stay }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL('/standards');
  await expect(page.getByLabel('Name')).not.toHaveValue('');

  await page.goBack();
  await question.getByRole('button', { name: everydayTexts.unsaved.leave }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
});

test('a sign-out in another tab says why this tab went to the login page, and keeps what was typed', async ({
  signedInPage: page,
  account,
  context,
}) => {
  const name = `Grade 8 ${uniqueTag()}`;
  await openFromSidebar(page, 'Standards');
  await page.getByRole('button', { name: 'Add Standard' }).click();
  await page.getByLabel('Name').fill(name);

  const other = await context.newPage();
  await other.goto('/dashboard');
  await other.getByRole('button', { name: /Account menu/ }).click();
  await other.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(other).toHaveURL('/login');

  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(signedOutElsewhereText);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  const form = page.getByRole('region', { name: 'Add a standard' });
  await expect(form.getByLabel('Name')).toHaveValue(name);
  await expect(form.getByRole('status')).toHaveText(everydayTexts.draftKept);
});

test('a signed-in person who opens /login or /register goes to the dashboard', async ({
  signedInPage: page,
}) => {
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  }
});

test('the login page starts in the e-mail field and carries the address to Forgot password', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('ada@school.test');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('ada@school.test');
});

test('the sign-up code step offers Resend code once the 60 s rule allows it', async ({ page }) => {
  await page.clock.install();
  await page.goto('/register');
  await page.getByLabel('Email').fill(uniqueEmail('resend'));
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('status')).toHaveText(texts.register.otpSent);

  const waiting = page.getByRole('button', { name: /^Resend code in \d+ s$/ });
  await expect(waiting).toBeDisabled();

  await page.clock.fastForward(MAIL_COOLDOWN_MS + 1_000);
  const resend = page.getByRole('button', { name: everydayTexts.resend.button, exact: true });
  await expect(resend).toBeEnabled();
  const sent = page.waitForResponse((response) => response.url().includes('/send_otp/'));
  await resend.click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByRole('button', { name: everydayTexts.resend.wait(60) })).toBeDisabled();
});

test('Escape closes the inline add and edit forms and returns focus to their opener', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const standard = await createStandardViaApi(request, account, `Grade 4 ${uniqueTag()}`, 4);
  await page.goto('/standards');

  const add = page.getByRole('button', { name: 'Add Standard' });
  await add.click();
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Add a standard' })).toHaveCount(0);
  await expect(add).toBeFocused();

  const edit = page.getByRole('button', { name: `Edit standard ${standard.name}` });
  await edit.click();
  await page.getByLabel('Grade level').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: `Edit standard ${standard.name}` })).toHaveCount(0);
  await expect(edit).toBeFocused();
});

test('a standard with students says it is in use before any confirmation', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Grade 9 ${tag}`, 9);
  for (const roll of ['1', '2', '3', '4']) {
    await createStudentViaApi(request, account, {
      name: `Pupil ${roll} ${tag}`,
      email: `p${roll}-${tag}@pupils.test`,
      roll_number: roll,
      standard: standard.id,
    });
  }
  await page.goto('/standards');
  await page.getByRole('button', { name: `Delete standard ${standard.name}` }).click();

  const dialog = page.getByRole('dialog', {
    name: everydayTexts.standardInUse.title(standard.name),
  });
  await expect(dialog).toContainText('In use by 4 students');
  await expect(dialog).not.toContainText(texts.standards.confirmDelete);
  await dialog.getByRole('link', { name: everydayTexts.standardInUse.showStudents }).click();
  await expect(page).toHaveURL(`/students?standard=${standard.id}`);
});

test('a notice shows in view far down a long list, and an answer that is not ours never shows', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  // Enough standards that the last one is well below the first screenful.
  for (let grade = 1; grade <= 8; grade += 1) {
    await createStandardViaApi(request, account, `Grade ${grade} ${tag}`, grade);
  }
  const last = await createStandardViaApi(request, account, `Grade 12 ${tag}`, 12);
  await page.setViewportSize({ width: 1280, height: 600 });
  // A proxy in front of the API answers with its own error page.
  await page.route(`**/management/standard/${last.id}/`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 502,
          contentType: 'text/html',
          body: '<html><body><h1>502 Bad Gateway</h1>nginx</body></html>',
        })
      : route.fallback(),
  );
  await page.goto('/standards');
  await page.getByRole('button', { name: `Delete standard ${last.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(texts.standards.deleteFailed);
  await expect(alert).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(alert).not.toContainText('Bad Gateway');
});

test('light mode sets a light class on the root, and the dashboard chart is whole', async ({
  signedInPage: page,
}) => {
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  const card = page.getByRole('region', { name: 'This term at a glance' });
  const chart = card.locator('svg');
  await expect(chart).toBeVisible();
  const [cardBox, chartBox] = [await card.boundingBox(), await chart.boundingBox()];
  expect(chartBox!.x + chartBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  expect(chartBox!.y + chartBox!.height).toBeLessThanOrEqual(cardBox!.y + cardBox!.height);
});
