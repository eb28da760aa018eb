import { appTexts, bulkScreenTexts, studentRecordTexts, teacherTexts, texts } from '@um/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  createStandardViaApi,
  createStudentViaApi,
  postMessageViaApi,
  uniqueTag,
} from './support/api.js';
import { tabTo } from './support/ui.js';

test.use({ viewport: { width: 1280, height: 800 } });
// One after another: the walk over every control of Standards must not meet the standard that
// the keyboard-alone test of this file is adding and deleting on the other worker.
test.describe.configure({ mode: 'default' });

/** Room for the pages of students a walk of every student may load on its way (50 rows each). */
const EXTRA_PRESSES = 1_500;
const EXTRA_BATCH = 10;

/**
 * Tabs through the whole page once and expects every visible control to take focus, each with
 * a visible focus indicator (an outline or a ring).
 */
async function expectEveryControlTabbable(page: Page, screen: string): Promise<void> {
  const controls = await page.evaluate(() => {
    const selector = [
      'a[href]',
      'button:not([disabled])',
      'input:not([disabled]):not([type="hidden"])',
      'select:not([disabled])',
      'textarea:not([disabled])',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const all = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) => element.checkVisibility() && !element.closest('[inert]'),
    );
    all.forEach((element, index) => (element.dataset['tabCheck'] = String(index)));
    // Each focus is noted in the page as it happens, so the walk needs no round trip per key.
    const seen: Array<{ index: number; shown: boolean }> = [];
    (window as unknown as { tabWalk: typeof seen }).tabWalk = seen;
    document.addEventListener('focusin', (event) => {
      const element = event.target as HTMLElement;
      if (!element.dataset['tabCheck']) return;
      const style = getComputedStyle(element);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      seen.push({
        index: Number(element.dataset['tabCheck']),
        shown: outlined || style.boxShadow !== 'none',
      });
    });
    return all.map(
      (element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
    );
  });

  const readWalk = () =>
    page.evaluate(
      () => (window as unknown as { tabWalk: Array<{ index: number; shown: boolean }> }).tabWalk,
    );
  // Once round the page ends where it started: on the control focused now, or, when none is,
  // on the first control the walk reached.
  const startedOn = await page.evaluate(() =>
    Number(document.activeElement?.getAttribute('data-tab-check') ?? Number.NaN),
  );
  const roundDone = (walk: Array<{ index: number }>) => {
    const start = Number.isNaN(startedOn) ? walk[0]?.index : startedOn;
    const after = Number.isNaN(startedOn) ? walk.slice(1) : walk;
    return after.some(({ index }) => index === start);
  };
  for (let press = 0; press < controls.length + 3; press += 1) await page.keyboard.press('Tab');
  // Stops that are not controls (the browser's own, on the way round) may take a few more, and
  // a list that loads its next page as focus reaches its end grows during the walk: the rows it
  // adds are stops too. Tab on, a few at a time, until the walk is round.
  let walk = await readWalk();
  for (let extra = 0; extra < EXTRA_PRESSES && !roundDone(walk); extra += EXTRA_BATCH) {
    for (let press = 0; press < EXTRA_BATCH; press += 1) await page.keyboard.press('Tab');
    walk = await readWalk();
  }

  // A control the page took away during the walk is no stop: the list's Load more goes once
  // the page it fetched as the end came into view was the last.
  const stillThere = new Set(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-tab-check]')]
        .filter((element) => element.checkVisibility())
        .map((element) => Number(element.dataset['tabCheck'])),
    ),
  );
  const reached = new Map(walk.map(({ index, shown }) => [index, shown]));
  const missed = controls.filter((_, index) => !reached.has(index) && stillThere.has(index));
  const unmarked = controls.filter((_, index) => reached.get(index) === false);
  expect(missed, `controls on ${screen} that Tab never reaches`).toEqual([]);
  expect(unmarked, `controls on ${screen} with no visible focus`).toEqual([]);
}

/** Picks an option the keyboard way: arrow keys on the focused select. */
async function chooseWithArrows(page: Page, select: Locator, label: string): Promise<void> {
  for (let press = 0; press < 60; press += 1) {
    await expect(select).toBeFocused();
    if ((await select.locator('option:checked').textContent()) === label) return;
    await page.keyboard.press('ArrowDown');
  }
  await expect(select.locator('option:checked')).toHaveText(label);
}

/** Opens each screen from the sidebar by keyboard and walks every control on it with Tab. */
async function walkScreens(page: Page, screens: ReadonlyArray<readonly [string, string | RegExp]>) {
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const [link, heading] of screens) {
    // A walk ends just past the link that led to its screen: the next link is a step back,
    // round every control of a screen whose list (the standards, shared by every test) is long.
    const target = sidebar.getByRole('link', { name: link });
    await tabTo(page, target, { backwards: true, maxPresses: 400 });
    await page.keyboard.press('Enter');
    // Analytics and Settings show the dashboard's heading too: the screen is the new one once
    // the address is.
    await expect(page).toHaveURL((await target.getAttribute('href'))!);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Lists have loaded once no loading status is left.
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectEveryControlTabbable(page, link);
  }
}

test('the sample screens and the profile are reached by keyboard, and Tab reaches every control', async ({
  signedInPage: page,
}) => {
  // Six screens walked control by control: 17-20 s alone, over 30 s on a busy machine.
  test.slow();
  await walkScreens(page, [
    ['Dashboard', /^Welcome back/],
    ['Projects', 'Projects'],
    ['Tasks', 'Tasks'],
    ['Analytics', /^Welcome back/],
    ['Settings', /^Welcome back/],
  ]);

  const accountMenu = page.getByRole('button', { name: /^Account menu/ });
  await tabTo(page, accountMenu);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expectEveryControlTabbable(page, 'Profile');
});

test('students, standards and messages are reached by keyboard, and Tab reaches every control', async ({
  signedInPage: page,
  account,
  request,
}) => {
  // Three screens and their rows walked control by control: 16-20 s alone, more when busy.
  test.slow();
  // Something in each list, so its row buttons are walked too.
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Grade 4 ${tag}`, 4);
  await createStudentViaApi(request, account, {
    name: `Tab Walker ${tag}`,
    email: `walker-${tag}@pupils.test`,
    roll_number: 'K-1',
    standard: standard.id,
  });
  // Each worker's database is its own, so no other spec's message is there to walk.
  await postMessageViaApi(request, account, `Walked by keyboard ${tag}`);

  await walkScreens(page, [
    ['Students', 'Students'],
    ['Standards', 'Standards'],
    ['Messages', 'Messages'],
  ]);
});

test('a standard is added, edited and deleted with the keyboard alone', async ({
  signedInPage: page,
}) => {
  const name = `Keys ${uniqueTag()}`;
  await page.goto('/standards');

  const addStandard = page.getByRole('button', { name: 'Add Standard' });
  await tabTo(page, addStandard);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(`${name} draft`);
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('9');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Made with keys');
  // The signed-in person is one of the staff, so once read the teachers' list has someone to
  // offer and takes its place in the tab order.
  await expect(page.getByLabel(teacherTexts.add)).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(teacherTexts.add)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save standard' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(texts.standards.added);
  await expect(addStandard).toBeFocused();

  // Past every standard before it: the list is every test's, and each card has four stops.
  await tabTo(page, page.getByRole('button', { name: `Edit standard ${name} draft` }), {
    maxPresses: 400,
  });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(addStandard).toBeDisabled();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(texts.standards.updated);
  await expect(page.getByRole('button', { name: `Edit standard ${name}` })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Delete standard ${name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(texts.standards.confirmDelete);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(texts.standards.deleted);
  await expect(page.getByRole('heading', { name: /^Standards of / })).toBeFocused();
});

test('a student is added, found and deleted with the keyboard alone', async ({
  signedInPage: page,
  account,
  request,
}) => {
  const tag = uniqueTag();
  const standard = await createStandardViaApi(request, account, `Keys ${tag}`, 9);
  await page.goto('/students');

  const addStudent = page.getByRole('button', { name: 'Add Student' });
  await tabTo(page, addStudent);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(`Kavya ${tag}`);
  // The form's groups: the student (a date input takes a Tab per part), then the school.
  await tabTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type(`kavya-${tag}@pupils.test`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('080 2222 3333');
  await tabTo(page, page.getByLabel('Roll number'));
  await page.keyboard.type('K-9');
  await page.keyboard.press('Tab');
  await chooseWithArrows(page, page.getByLabel('Standard', { exact: true }), standard.name);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(studentRecordTexts.admissionNumber)).toBeFocused();
  // Enter in a text field sends the form, as in any browser form.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(texts.students.added);
  await expect(addStudent).toBeFocused();

  const filter = page.getByLabel('Filter by standard');
  await tabTo(page, filter);
  await chooseWithArrows(page, filter, standard.name);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Search students')).toBeFocused();
  await page.keyboard.type('K-9');
  const heading = `${standard.name} matching “K-9”`;
  await expect(
    page.getByRole('region', { name: `${heading} · 1 student` }).getByRole('row'),
  ).toHaveCount(2);

  // The status filter, the link beside the list's heading, the box that chooses every row and
  // the sortable headers, then the row's box, its name and its buttons.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(studentRecordTexts.statusFilter)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: appTexts.history.recentlyDeleted })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: bulkScreenTexts.selectShown })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Roll number' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Name', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  const choose = page.getByRole('checkbox', {
    name: bulkScreenTexts.selectStudent(`Kavya ${tag}`),
  });
  await expect(choose).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('region', { name: bulkScreenTexts.barLabel })).toContainText(
    bulkScreenTexts.selected(1),
  );
  await page.keyboard.press('Space');
  await expect(page.getByRole('region', { name: bulkScreenTexts.barLabel })).toBeHidden();
  // The name leads to the student's record.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: `Kavya ${tag}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `History of Kavya ${tag}, K-9` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Edit Kavya ${tag}, K-9` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Delete Kavya ${tag}, K-9` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText(texts.students.confirmDelete);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(texts.students.deleted);
  await expect(page.getByRole('heading', { name: `${heading} · 0 students` })).toBeFocused();
  await expect(page.getByText(texts.students.empty)).toBeVisible();
});
