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

test('roll numbers 1-3 of one class move to another that has 1-3, given the next free numbers the dialog shows first', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const eightA = await createStandardViaApi(request, account, `8 A ${tag}`, 8);
  const eightB = await createStandardViaApi(request, account, `8 B ${tag}`, 8);
  const names: string[] = [];
  for (const [standard, section] of [
    [eightA, 'a'],
    [eightB, 'b'],
  ] as const) {
    for (let roll = 1; roll <= 3; roll += 1) {
      const name = `Pupil ${section}${roll} ${tag}`;
      if (standard === eightA) names.push(name);
      await createStudentViaApi(request, account, {
        name,
        email: `pupil-${section}${roll}-${tag}@pupils.test`,
        roll_number: String(roll),
        standard: standard.id,
      });
    }
  }

  await page.goto(`${appRoutes.students}?standard=${eightA.id}&sort=roll_number`);
  await expect(studentRow(page, names[2]!)).toBeVisible();
  for (const name of names) {
    await page.getByRole('checkbox', { name: t.selectStudent(name) }).check();
  }
  const bar = page.getByRole('region', { name: t.barLabel });
  await bar.getByLabel(t.moveTo).selectOption({ label: eightB.name });
  await bar.getByRole('button', { name: t.move }).click();
  const dialog = page.getByRole('dialog', { name: t.confirmMoveTitle(3, eightB.name) });
  await expect(dialog).toContainText(t.clashHeading(3));
  await expect(dialog.getByRole('button', { name: t.move })).toBeDisabled();
  await dialog.getByRole('radio', { name: t.clashChoices.next_free }).check();
  const changes = dialog.getByRole('table', { name: t.changesTable });
  for (const [index, name] of names.entries()) {
    await expect(changes.getByRole('row').filter({ hasText: name })).toContainText(
      String(index + 4),
    );
  }
  await expectNoAxeViolations(page, 'bulk move: roll numbers taken');
  await dialog.getByRole('button', { name: t.move }).click();

  await expect(page.getByRole('status').filter({ hasText: t.moved(3, eightB.name) })).toBeVisible();
  await page.goto(`${appRoutes.students}?standard=${eightB.id}&sort=roll_number`);
  await expect(studentRows(page)).toHaveCount(6);
  for (const [index, name] of names.entries()) {
    await expect(studentRow(page, name)).toContainText(String(index + 4));
  }
});
