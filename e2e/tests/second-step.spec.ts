import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { serverTest as test } from './fixtures.js';
import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { secondStepPaths, secondStepTexts, staffPaths } from '@um/contract';
import { oidcClient } from '../support/oidc.js';
import { createAccount, storeSession, uniqueEmail } from './support/session.js';
import type { Account } from './support/session.js';

const screen = secondStepTexts.screen;
const serverDir = fileURLToPath(new URL('../../server/', import.meta.url));

/** The code an authenticator app shows now, computed with the library the server checks with. */
function codeFor(secret: string): Promise<string> {
  return generate({ secret });
}

/** Waits for the authenticator's next 30-second step, so its code was not used yet. */
async function nextStep(page: Page) {
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 300);
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}

async function logIn(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Sets an authenticator app up from the profile; its secret and the recovery codes shown. */
async function enrolFromProfile(page: Page, account: Account) {
  await storeSession(page, account.tokens, account.profile);
  await page.goto('/profile');
  await page.getByRole('button', { name: secondStepTexts.profile.setUp }).click();
  await expect(page.getByRole('img', { name: screen.qrLabel })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel(screen.code, { exact: true }).fill(await codeFor(secret));
  await page.getByRole('button', { name: screen.confirm }).click();
  const list = page.getByRole('list', { name: screen.recoveryTitle });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: screen.savedContinue }).click();
  return { secret, codes };
}

test('an authenticator app is set up from the profile, then signs in with a recovery code and with a code', async ({
  page,
  request,
}) => {
  // It waits up to 30 s for the app's next code.
  test.setTimeout(120_000);
  const account = await createAccount(request);
  const { secret, codes } = await enrolFromProfile(page, account);
  await expect(page.getByText(/On since/)).toBeVisible();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();

  await signOut(page);
  await logIn(page, account);
  await expect(page.getByRole('heading', { name: screen.title })).toBeVisible();
  await expect(page).toHaveURL(/\/login\/verify$/);
  await page.getByRole('button', { name: screen.useRecoveryCode }).click();
  await page.getByLabel(screen.recoveryCode).fill(codes[0]!);
  await page.getByRole('button', { name: screen.verify }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await logIn(page, account);
  await expect(page.getByLabel(screen.code, { exact: true })).toBeVisible();
  await nextStep(page);
  await page.getByLabel(screen.code, { exact: true }).fill(await codeFor(secret));
  await page.getByRole('button', { name: screen.verify }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong code is refused on the second step, with the reason', async ({ page, request }) => {
  const account = await createAccount(request);
  await enrolFromProfile(page, account);
  await signOut(page);
  await logIn(page, account);
  await page.getByLabel(screen.code, { exact: true }).fill('000000');
  await page.getByRole('button', { name: screen.verify }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(screen.failed);
  await expect(alert).toContainText(secondStepTexts.codeRejected);
  await expect(page).toHaveURL(/\/login\/verify$/);
});

test("a passkey is added from the profile and signs in alone, with Chromium's virtual authenticator", async ({
  page,
  request,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const account = await createAccount(request);
  await storeSession(page, account.tokens, account.profile);
  await page.goto('/profile');
  const passkeys = page.getByRole('region', { name: secondStepTexts.passkeys.title });
  await passkeys.getByLabel(secondStepTexts.passkeys.name).fill('Office laptop');
  await passkeys.getByRole('button', { name: secondStepTexts.passkeys.add }).click();
  await expect(page.getByText(secondStepTexts.passkeys.added('Office laptop'))).toBeVisible();
  await expect(passkeys.getByText('Office laptop', { exact: true })).toBeVisible();

  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: screen.passkeyButton }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const profile = await page.evaluate(() => localStorage.getItem('user'));
  expect(profile).toContain(account.email);
});

test("signs in with the school's OpenID provider, through its own login page", async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await page.goto('/login');
  await page.getByRole('button', { name: secondStepTexts.signInWith(oidcClient.name) }).click();
  // The provider's own login form (oidc-provider's development interaction).
  await page.locator('input[name="login"]').fill(account.email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The server asks the provider for its keys and the tokens: on a busy host that takes a while.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const stored = await page.evaluate(() => localStorage.getItem('user'));
  expect(stored).toContain(account.email);
});

/** An admin's session, made the way a school recovers admin access (`npm run admin`). */
async function asAdmin(request: APIRequestContext): Promise<Account> {
  const account = await createAccount(request);
  execFileSync('node', ['dist/staff/admin.js', 'grant', account.email], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: `sqlite:${process.env['E2E_DATA_DIR']}/e2e.db` },
  });
  return account;
}

test('a role the school requires a second step of is walked through setting one up right after the password', async ({
  page,
  request,
}) => {
  const admin = await asAdmin(request);
  const headers = { authorization: `Bearer ${admin.tokens.access}` };
  const viewer = await createAccount(request);
  const changed = await request.patch(staffPaths.staffMember.replace(':id', viewer.profile.id), {
    headers,
    data: { role: 'viewer' },
  });
  expect(changed.status()).toBe(200);
  try {
    await storeSession(page, admin.tokens, admin.profile);
    await page.goto('/staff');
    const settings = page.getByRole('region', { name: secondStepTexts.staff.settingsTitle });
    await settings.getByRole('checkbox', { name: 'Require for Viewer' }).check();
    await settings.getByRole('button', { name: secondStepTexts.staff.save }).click();
    await expect(page.getByText(secondStepTexts.staff.saved)).toBeVisible();

    await signOut(page);
    await logIn(page, viewer);
    await expect(page.getByRole('heading', { name: screen.setupTitle })).toBeVisible();
    await expect(page.getByText(screen.setupRequired)).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.getByLabel(screen.code, { exact: true }).fill(await codeFor(secret));
    await page.getByRole('button', { name: screen.confirm }).click();
    await expect(
      page.getByRole('list', { name: screen.recoveryTitle }).getByRole('listitem'),
    ).toHaveCount(10);
    await page.getByRole('button', { name: screen.savedContinue }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  } finally {
    // The database is shared by every spec: nobody else is asked for a second step.
    await request.put(secondStepPaths.securitySettings, {
      headers,
      data: { mfa_required_roles: [] },
    });
  }
});

test('a new address signs up through the provider from the sign-up page', async ({ page }) => {
  const email = uniqueEmail('sso');
  await page.goto('/register');
  await page.getByRole('button', { name: secondStepTexts.signUpWith(oidcClient.name) }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The server asks the provider for its keys and the tokens: on a busy host that takes a while.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
});
