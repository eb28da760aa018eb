import { randomUUID } from 'node:crypto';
import { apiPaths } from '@um/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { studentList, viewports } from './support/ui.js';

/**
 * Records are shared by every signed-in staff member, so text one person types is shown to all
 * the others: script and SQL in a name must come back as the very characters typed, never as
 * markup that runs. The API stores such text verbatim (server/src/hostile-input.test.ts); this
 * is the other half, in the browser. Messages are left out: a message reaches every inbox and
 * would change the unread counts that messages.spec.ts checks while it runs.
 */

declare global {
  interface Window {
    pwned?: boolean;
  }
}

/** Nothing the payloads carry may have become an element or run. */
async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => window.pwned)).toBeUndefined();
  await expect(page.locator('main img[src="x"], main svg[onload], main script')).toHaveCount(0);
  await expect(page.locator('[onerror], [onload], [onclick]')).toHaveCount(0);
}

test('shows script and SQL typed into standards and students as plain text, and runs none of it', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = randomUUID().slice(0, 6);
  const headers = { authorization: `Bearer ${account.tokens.access}` };
  const standardName = `<img src=x onerror="window.pwned=true"> ${tag}`;
  const description = `'; DROP TABLE standards; -- <b>bold</b>`;
  const standard = await request.post(apiPaths.standards, {
    headers,
    data: { name: standardName, grade_level: 1, description },
  });
  expect(standard.status()).toBe(201);
  const standardId: number = (await standard.json()).data.id;

  const studentName = `<script>window.pwned=true</script> ${tag}`;
  const address = `<svg onload="window.pwned=true"></svg> 1' OR '1'='1`;
  const student = await request.post(apiPaths.updateStudents, {
    headers,
    data: {
      name: studentName,
      email: `hostile-${tag}@pupils.test`,
      roll_number: `<i>R</i>${tag}`,
      standard: standardId,
      address,
    },
  });
  expect(student.status()).toBe(201);

  const shown = await page.goto(`/students?standard=${standardId}`);
  const policy = shown?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toContain('unsafe-inline');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: studentName, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`<i>R</i>${tag}`);
  // The list of one standard names it in its heading.
  await expect(studentList(page)).toHaveAccessibleName(`${standardName} · 1 student`);
  // The table leaves the address out; a phone's card shows it.
  await page.setViewportSize(viewports.phone);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: studentName, exact: true }) });
  await expect(card).toContainText(address);
  await page.setViewportSize(viewports.desktop);
  await expect(page.getByLabel('Filter by standard').locator('option:checked')).toHaveText(
    standardName,
  );
  await expectNothingRan(page);

  await page.goto('/standards');
  const standardRow = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: standardName, exact: true }) });
  await expect(standardRow).toBeVisible();
  await expect(standardRow).toContainText(description);
  await expectNothingRan(page);
  await expect(page.locator('script:not([src])')).toHaveCount(0);
});
