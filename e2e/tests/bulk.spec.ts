import { appRoutes, appTexts, batchScreenTexts, bulkScreenTexts as t } from '@um/contract';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, createStudentViaApi, uniqueTag } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { studentRow, studentRows } from './support/ui.js';

test('ten students of a class are chosen, moved to another standard after a confirmation, and moved back with Undo', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const from = await createStandardViaApi(request, account, `Grade 8 ${tag}`, 8);
  const to = await createStandardViaApi(request, account, `Grade 9 ${tag}`, 9);
  const names: string[] = [];
  for (let roll = 1; roll <= 12; roll += 1) {
    const name = `Pupil ${roll} ${tag}`;
    names.push(name);
    await createStudentViaApi(request, account, {
      name,
      email: `pupil-${roll}-${tag}@pupils.test`,
      roll_number: String(roll),
      standard: from.id,
    });
  }

  await page.goto(`${appRoutes.students}?standard=${from.id}&sort=roll_number`);
  await expect(studentRow(page, names[11]!)).toBeVisible();
  for (const name of names.slice(0, 10)) {
    await page.getByRole('checkbox', { name: t.selectStudent(name) }).check();
  }
  const bar = page.getByRole('region', { name: t.barLabel });
  await expect(bar).toContainText(t.selected(10));
  await expect(bar.getByRole('button', { name: t.selectAll(12) })).toBeVisible();
  await expectNoAxeViolations(page, 'students: ten chosen');

  await bar.getByLabel(t.moveTo).selectOption({ label: to.name });
  await bar.getByRole('button', { name: t.move }).click();
  const dialog = page.getByRole('dialog', { name: t.confirmMoveTitle(10, to.name) });
  await expect(dialog).toContainText(t.confirmMove(10, to.name));
  await dialog.getByRole('button', { name: t.move }).click();

  const moved = page.getByRole('status').filter({ hasText: t.moved(10, to.name) });
  await expect(moved).toBeVisible();
  await expect(studentRows(page)).toHaveCount(2);
  await moved.getByRole('button', { name: appTexts.history.undo }).click();
  await expect(page.getByRole('status').filter({ hasText: t.undone })).toBeVisible();
  await expect(studentRow(page, names[0]!)).toBeVisible();
  await expect(studentRows(page)).toHaveCount(12);

  await page.getByRole('link', { name: appTexts.history.recentlyDeleted }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted' })).toBeVisible();
  const latest = page
    .getByRole('region', { name: batchScreenTexts.title })
    .getByRole('listitem')
    .filter({ hasText: `10 ${batchScreenTexts.counts['moved']}` })
    .first();
  await expect(latest).toContainText(batchScreenTexts.kinds.bulk);
  await expect(latest).toContainText(batchScreenTexts.undone);
  await expect(latest).toContainText(
    batchScreenTexts.students(names.slice(0, 10).sort().slice(0, 5), 10),
  );
  await expectNoAxeViolations(page, 'recent changes');
});
