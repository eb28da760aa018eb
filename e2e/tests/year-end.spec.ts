import { appRoutes, dailyUseTexts, texts, yearEndScreenTexts as t } from '@um/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createStandardViaApi, createStudentViaApi, uniqueTag } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { studentList, studentRow, studentRows, tabTo } from './support/ui.js';

test.use({ viewport: { width: 1280, height: 800 } });

/** Opens a class's list (of one status) in `list`, and expects exactly these students in it. */
async function expectClass(list: Page, path: string, names: readonly string[]): Promise<void> {
  await list.goto(path);
  if (names.length === 0) {
    await expect(studentList(list).getByText(texts.students.empty)).toBeVisible();
    return;
  }
  await expect(studentRows(list)).toHaveCount(names.length);
  for (const name of names) await expect(studentRow(list, name)).toBeVisible();
}

test('a school year ends with the keyboard alone: each class moves up or graduates, two pupils kept back repeat their grade in the new year, and Undo puts everyone back', async ({
  signedInPage: page,
  account,
  request,
}) => {
  // Three classes walked by keyboard from preview to undo, each step checked in a second tab.
  test.slow();
  const tag = uniqueTag();
  // A year no other test uses (they all work in the current one), so this year end moves only
  // the students made here; it is the latest year with students, which the screen starts on.
  const from = String(2100 + Math.floor(Math.random() * 800));
  const to = String(Number(from) + 1);
  const seven = await createStandardViaApi(request, account, `Grade 7 ${tag}`, 7, from);
  const eight = await createStandardViaApi(request, account, `Grade 8 ${tag}`, 8, from);
  const nine = await createStandardViaApi(request, account, `Grade 9 ${tag}`, 9, from);
  // Next year's grade 9 is made ahead; its grade 8 is not, so the year end makes it.
  const nextNine = await createStandardViaApi(request, account, `Grade 9 ${tag}`, 9, to);
  const pupil = (grade: number, roll: number) => `Pupil ${grade}-${roll} ${tag}`;
  for (const [standard, grade, rolls] of [
    [seven, 7, 2],
    [eight, 8, 2],
    [nine, 9, 1],
  ] as const) {
    for (let roll = 1; roll <= rolls; roll += 1) {
      await createStudentViaApi(request, account, {
        name: pupil(grade, roll),
        email: `pupil-${grade}-${roll}-${tag}@pupils.test`,
        roll_number: String(roll),
        standard: standard.id,
      });
    }
  }

  await page.goto(appRoutes.standards);
  const way = page.getByRole('link', { name: dailyUseTexts.standards.yearEnd });
  await tabTo(page, way);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByLabel(t.fromYear)).toHaveValue(from);
  await expect(page.getByLabel(t.toYear)).toHaveValue(to);

  // Where each class goes unless told otherwise.
  await expect(page.getByLabel(t.targetOf(seven.name))).toHaveValue('new');
  await expect(page.getByLabel(t.newNameOf(seven.name))).toHaveValue(`Grade 8 ${tag}`);
  await expect(page.getByLabel(t.newGradeOf(seven.name))).toHaveValue('8');
  await expect(page.getByLabel(t.targetOf(eight.name))).toHaveValue(String(nextNine.id));
  await expect(page.getByLabel(t.targetOf(nine.name))).toHaveValue('graduate');
  await expect(page.getByRole('status')).toHaveCount(0);
  await expectNoAxeViolations(page, 'year end');

  const search = page.getByRole('searchbox', { name: t.search });
  for (const [index, name] of [pupil(7, 2), pupil(8, 2)].entries()) {
    await tabTo(page, search);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(name);
    const keep = page
      .getByRole('list', { name: t.matches })
      .getByRole('button', { name: t.keepStudent(name) });
    await expect(keep).toBeVisible();
    await tabTo(page, keep);
    await page.keyboard.press('Enter');
    await expect(search).toBeFocused();
    await expect(page.getByRole('heading', { name: t.keptHeading(index + 1) })).toBeVisible();
    await expect(page.getByRole('button', { name: t.removeStudent(name) })).toBeVisible();
  }

  await tabTo(page, page.getByRole('button', { name: t.preview }));
  await page.keyboard.press('Enter');
  const previewHeading = page.getByRole('heading', { name: t.previewHeading(from, to) });
  await expect(previewHeading).toBeFocused();
  const preview = page.getByRole('region', { name: t.previewHeading(from, to) });
  await expect(preview).toContainText(t.totals({ moved: 2, graduated: 1, kept: 2 }));
  const report = preview.getByRole('table', { name: t.reportTable });
  const reportRow = (name: string) =>
    report.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(reportRow(seven.name)).toContainText(t.newMark(`Grade 8 ${tag}`));
  // Those kept back go to next year's standard of their class's name, made as needed.
  await expect(reportRow(seven.name)).toContainText(t.keptTo(t.newMark(`Grade 7 ${tag}`)));
  await expect(reportRow(eight.name)).toContainText(t.keptTo(t.newMark(`Grade 8 ${tag}`)));
  await expect(reportRow(eight.name)).toContainText(nextNine.name);
  await expect(reportRow(nine.name)).toContainText(t.graduates);
  await expectNoAxeViolations(page, 'year end: preview');

  await tabTo(page, preview.getByRole('button', { name: t.run }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t.confirmTitle(from, to) });
  await expect(dialog).toContainText(t.confirm({ moved: 2, graduated: 1, kept: 2 }));
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: t.run })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: t.doneHeading(from, to) })).toBeFocused();
  const done = page.getByRole('region', { name: t.doneHeading(from, to) });
  await expect(done).toContainText(t.totals({ moved: 2, graduated: 1, kept: 2 }));
  const newEight = await done
    .getByRole('link', { name: t.studentsOf(`Grade 8 ${tag}`) })
    .getAttribute('href');
  expect(newEight).toMatch(/^\/students\?standard=\d+$/);
  await expectNoAxeViolations(page, 'year end: done');

  // The classes as the students screen shows them, in a second tab of the same session.
  const list = await page.context().newPage();
  await expectClass(list, newEight!, [pupil(7, 1), pupil(8, 2)]);
  await expectClass(list, `${appRoutes.students}?standard=${seven.id}`, []);
  await expectClass(list, `${appRoutes.students}?standard=${nextNine.id}`, [pupil(8, 1)]);
  await list.goto(`${appRoutes.standards}?year=${to}`);
  const newSeven = list.getByRole('heading', { name: `Grade 7 ${tag}` });
  await expect(newSeven).toBeVisible();
  await expectClass(list, `${appRoutes.students}?standard=${nine.id}&status=graduated`, [
    pupil(9, 1),
  ]);

  await tabTo(page, done.getByRole('button', { name: t.undo }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: t.undone })).toBeVisible();
  await expect(done.getByText(t.undoneNote)).toBeFocused();

  await expectClass(list, `${appRoutes.students}?standard=${seven.id}`, [pupil(7, 1), pupil(7, 2)]);
  await expectClass(list, `${appRoutes.students}?standard=${eight.id}`, [pupil(8, 1), pupil(8, 2)]);
  await expectClass(list, `${appRoutes.students}?standard=${nine.id}`, [pupil(9, 1)]);
  await expectClass(list, `${appRoutes.students}?standard=${nextNine.id}`, []);
});
