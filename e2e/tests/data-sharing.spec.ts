import { ONEROSTER_BASE_PATH, rosterPaths, rosterTexts, teacherTexts, texts } from '@um/contract';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, uniqueTag } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { asAdmin } from './support/roles.js';
import { storeSession } from './support/session.js';
import { expectNoSidewaysScroll } from './support/ui.js';

test('an admin creates an API client, sees its secret once, the secret opens the OneRoster API, and revoking it closes it', async ({
  page,
  request,
}) => {
  const admin = await asAdmin(request);
  await storeSession(page, admin.tokens, admin.profile);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: rosterTexts.title })
    .click();
  await expect(page.getByRole('heading', { name: rosterTexts.title, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'data sharing screen');

  const name = `Reading app ${uniqueTag()}`;
  await page.getByRole('button', { name: rosterTexts.newClient }).click();
  const form = page.getByRole('dialog', { name: rosterTexts.newClient });
  await form.getByLabel(rosterTexts.clientName).fill(name);
  await form.getByRole('button', { name: rosterTexts.create }).click();

  const shown = page.getByRole('dialog', { name: rosterTexts.created(name) });
  await expect(shown.getByText(rosterTexts.secretOnce)).toBeVisible();
  const codes = shown.locator('dd code');
  const clientId = (await codes.nth(0).textContent())!;
  const secret = (await codes.nth(1).textContent())!;
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: rosterTexts.secretDone }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  const tokenAnswer = await request.post(rosterPaths.oauthToken, {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
  });
  expect(tokenAnswer.status()).toBe(200);
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const readOrgs = () =>
    request.get(`${ONEROSTER_BASE_PATH}/orgs`, { headers: { authorization: `Bearer ${token}` } });
  expect((await readOrgs()).status()).toBe(200);

  await page.getByRole('button', { name: `${rosterTexts.revoke} ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: rosterTexts.revokeTitle(name) });
  await confirm.getByRole('button', { name: rosterTexts.revoke }).click();
  await expect(page.getByText(rosterTexts.revoked(name))).toBeVisible();
  await expect(page.getByRole('button', { name: `${rosterTexts.revoke} ${name}` })).toHaveCount(0);
  expect((await readOrgs()).status()).toBe(401);

  // The read the client made is in the log of who received what.
  await page.reload();
  await expect(page.getByText(`GET ${ONEROSTER_BASE_PATH}/orgs`).first()).toBeVisible();
});

test('an admin gives a standard its teachers on the standards screen, and its card names them', async ({
  page,
  request,
}) => {
  const admin = await asAdmin(request);
  const standardName = `Class ${uniqueTag()}`;
  await createStandardViaApi(request, admin, standardName, 4);
  await storeSession(page, admin.tokens, admin.profile);
  await page.goto('/standards');
  await page.getByRole('button', { name: `Edit standard ${standardName}` }).click();
  await expect(page.getByText(teacherTexts.none)).toBeVisible();
  const teacherName = admin.profile.name || admin.profile.email;
  await page.getByLabel(teacherTexts.add).selectOption({ label: teacherName });
  await expect(page.getByRole('button', { name: teacherTexts.remove(teacherName) })).toBeVisible();
  await expectNoAxeViolations(page, 'standard form with a teacher');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(texts.standards.updated)).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: standardName }) });
  await expect(card.getByText(`${teacherTexts.label}: ${teacherName}`)).toBeVisible();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the data sharing screen, its secret dialog and a standard form with teachers do not scroll sideways', async ({
    page,
    request,
  }) => {
    const admin = await asAdmin(request);
    const standardName = `Class 10 Sunflowers and Marigolds ${uniqueTag()}`;
    await createStandardViaApi(request, admin, standardName, 10);
    await storeSession(page, admin.tokens, admin.profile);
    await page.goto('/data-sharing');
    await expect(page.getByRole('heading', { name: rosterTexts.title, level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, 'data sharing');
    await page.getByRole('button', { name: rosterTexts.newClient }).click();
    const form = page.getByRole('dialog', { name: rosterTexts.newClient });
    const name = `Google Classroom nightly roster synchronisation ${uniqueTag()}`;
    await form.getByLabel(rosterTexts.clientName).fill(name);
    await form.getByRole('button', { name: rosterTexts.create }).click();
    await expect(page.getByText(rosterTexts.secretOnce)).toBeVisible();
    await expectNoSidewaysScroll(page, 'the secret dialog');
    await page.getByRole('button', { name: rosterTexts.secretDone }).click();

    await page.goto('/standards');
    await page.getByRole('button', { name: `Edit standard ${standardName}` }).click();
    await page
      .getByLabel(teacherTexts.add)
      .selectOption({ label: admin.profile.name || admin.profile.email });
    await expectNoSidewaysScroll(page, 'standard form with a teacher');
  });
});
