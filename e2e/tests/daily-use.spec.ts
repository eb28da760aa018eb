import {
  currentAcademicYear,
  MAIL_COOLDOWN_MS,
  dailyUseTexts,
  dashboardTexts,
  everydayTexts,
  importScreenTexts,
  signedOutElsewhereText,
  texts,
} from '@um/contract';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, createStudentViaApi, uniqueTag } from './support/api.js';
import { uniqueEmail } from './support/session.js';
import { expectNoAxeViolations } from './support/axe.js';
import { openFromSidebar, studentList, studentRows } from './support/ui.js';

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

test('the sign-up code step offers Resend code once the 60 s rule allows it, and says so when the server still waits', async ({
  page,
}) => {
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
  // Only the page's clock ran ahead: the server's minute is not over, so it sends nothing and
  // says when another code can be asked for.
  expect((await sent).status()).toBe(429);
  await expect(page.getByRole('status')).toContainText(
    'A code was sent less than a minute ago. You can ask for another in',
  );
  // The seconds are the server's: however long the page took, it counts down from them.
  await expect(waiting).toBeDisabled();
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

// Round two: what got in the way in a week of office work.

test('a class of twenty reads on one screen at 1280x800: one line a row, e-mails cut short but whole, no standard repeated', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Class 8 B ${tag}`, 8);
  const emailOf = (n: number) => `parent.of.student.number.${n}.${tag}@family-mail.example.test`;
  for (let start = 1; start <= 20; start += 5) {
    await Promise.all(
      [0, 1, 2, 3, 4].map((offset) =>
        createStudentViaApi(request, account, {
          name: `Pupil ${String(start + offset).padStart(2, '0')} ${tag}`,
          email: emailOf(start + offset),
          roll_number: `8B-${String(start + offset).padStart(2, '0')}`,
          standard: standard.id,
          phone_number: '+91 98450 12345',
        }),
      ),
    );
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/students?standard=${standard.id}`);
  await expect(studentRows(page)).toHaveCount(20);

  await expect(studentList(page).getByRole('columnheader', { name: 'Standard' })).toHaveCount(0);
  const measure = () =>
    studentRows(page).evaluateAll((elements) =>
      elements
        .map((row) => row.getBoundingClientRect())
        .map(({ top, bottom }) => ({ top, bottom })),
    );
  // Measured once the layout has settled (the fonts, the list's own first paint), as a person
  // sees it: read at the moment the rows arrive, a slow run saw them still wrapping.
  await expect
    .poll(async () => (await measure()).filter((row) => row.top >= 0 && row.bottom <= 800).length, {
      message: 'rows wholly on screen',
    })
    .toBeGreaterThanOrEqual(12);
  const rows = await measure();
  const heights = rows.map((row) => row.bottom - row.top);
  expect(Math.max(...heights) - Math.min(...heights), 'every row one line').toBeLessThan(2);

  const email = studentRows(page).first().getByText(emailOf(1));
  await expect(email).toHaveAttribute('title', emailOf(1));
  expect(await email.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
});

test('"/" goes to the search, except while typing; Add Student on a filtered list starts on its standard', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const standard = await createStandardViaApi(request, account, `Grade 2 ${uniqueTag()}`, 2);
  await page.goto(`/students?standard=${standard.id}`);
  const search = page.getByLabel('Search students');
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();

  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');

  await page.getByRole('button', { name: 'Add Student' }).click();
  const form = page.getByRole('region', { name: 'Add a student' });
  await expect(form.getByLabel('Standard').locator('option:checked')).toHaveText(standard.name);
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('A/B');
  await expect(form.getByLabel('Name')).toHaveValue('A/B');
  await expect(search).not.toBeFocused();
});

test("a standard's card leads to its students", async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Grade 11 ${tag}`, 11);
  await createStudentViaApi(request, account, {
    name: `Zara ${tag}`,
    email: `zara-${tag}@pupils.test`,
    roll_number: '1',
    standard: standard.id,
  });
  await page.goto('/standards');
  await page.getByRole('link', { name: `1 student in ${standard.name}` }).click();
  await expect(page).toHaveURL(`/students?standard=${standard.id}`);
  await expect(studentList(page)).toHaveAccessibleName(`${standard.name} · 1 student`);
});

test('the import screen says which file was chosen, once', async ({ signedInPage: page }) => {
  await page.goto('/students/import');
  const chooser = page.getByLabel(dailyUseTexts.importFile.choose);
  await chooser.setInputFiles({
    name: 'school.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Name,Email,Roll No,Class\nAsha,asha@pupils.test,1,Grade 1\n'),
  });
  await expect(page.getByText(importScreenTexts.chosenFile('school.csv'))).toBeVisible();
  // The browser's own input, which would say "No file chosen", is there only for the keyboard.
  const box = await chooser.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(1);
  await expect(page.getByText(dailyUseTexts.importFile.choose, { exact: true })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the dashboard shows the school's figures first, the samples below them, and an empty school its first steps (${colorScheme})`, async ({
    signedInPage: page,
    account,
    request,
  }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await createStandardViaApi(request, account, `Grade 1 ${uniqueTag()}`, 1);
    const t = dashboardTexts;
    await page.reload();
    const figures = page.getByRole('region', { name: t.figuresHeading });
    await expect(
      figures.getByRole('link', { name: new RegExp(`^${t.students} \\d+$`) }),
    ).toBeVisible();
    await expect(
      figures.getByRole('link', {
        name: new RegExp(`^${t.standards(currentAcademicYear())} \\d+$`),
      }),
    ).toBeVisible();
    await expect(figures.getByLabel(t.yearFilter)).toHaveValue(currentAcademicYear());
    await expect(
      figures.getByRole('region', { name: t.byStandard(currentAcademicYear()) }),
    ).toBeVisible();
    await expect(
      figures.getByRole('link', { name: new RegExp(`^${t.unread} \\d+$`) }),
    ).toBeVisible();
    const samples = page.getByRole('region', { name: t.samplesHeading });
    expect(
      await figures.evaluate(
        (first, second) =>
          first.compareDocumentPosition(second!) & Node.DOCUMENT_POSITION_FOLLOWING,
        await samples.elementHandle(),
      ),
      'the samples come after the school’s figures',
    ).toBeTruthy();
    await expect(samples.getByRole('listitem')).toHaveText([
      /Total Projects\s*12/,
      /Active Tasks\s*24/,
      /Students\s*156/,
      /Standards\s*8/,
    ]);

    // The same school before its students came: the server says it has none.
    await page.route('**/management/students/count/**', (route) =>
      route.fulfill({ json: { data: { count: 0 } } }),
    );
    await page.reload();
    const steps = page.getByRole('region', { name: t.checklistHeading });
    await expect(steps.getByRole('listitem')).toHaveText([
      new RegExp(`^${t.steps.standards}, ${t.done}`),
      new RegExp(`^${t.steps.students}, ${t.toDo}`),
      new RegExp(`^${t.steps.colleagues}, ${t.toDo}`),
    ]);
    await expect(steps.getByRole('listitem').last().getByRole('link')).toHaveCount(0);
    await expectNoAxeViolations(page, `dashboard with its first steps (${colorScheme})`);
    await steps.getByRole('link', { name: t.steps.studentsLink }).click();
    await expect(page).toHaveURL('/students/import');
  });
}
