import { NOTICE_DISMISS_MS, appTexts } from '@um/contract';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The widths every screen is checked at: a desktop, and a phone below the lg breakpoint. */
export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Goes to a screen the way a user does: through the sidebar. */
export async function openFromSidebar(page: Page, screen: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen }).click();
  await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would, and fails if
 * it is never reached.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, maxPresses = 120 } = {},
): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reachable by ${backwards ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}

interface NoticeTimes {
  shown?: number;
  gone?: number;
}

/**
 * Runs `trigger`, which makes a notice saying `text` appear, and expects the notice to go by
 * itself 5 seconds later (docs/web.md, Notices), not before. The page itself times the notice, so how
 * busy the test machine is does not blur the measurement.
 */
export async function expectNoticeToVanishOnItsOwn(
  page: Page,
  text: string,
  trigger: () => Promise<void>,
): Promise<void> {
  await page.evaluate((text) => {
    const times: NoticeTimes = {};
    (window as unknown as { noticeTimes: NoticeTimes }).noticeTimes = times;
    const present = () =>
      [...document.querySelectorAll('[role="status"], [role="alert"]')].some((element) =>
        element.textContent?.includes(text),
      );
    new MutationObserver(() => {
      if (times.shown === undefined && present()) times.shown = performance.now();
      else if (times.shown !== undefined && times.gone === undefined && !present()) {
        times.gone = performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);

  await trigger();
  const readTimes = () =>
    page.evaluate(() => (window as unknown as { noticeTimes: NoticeTimes }).noticeTimes);
  await expect
    .poll(async () => (await readTimes()).gone, { timeout: NOTICE_DISMISS_MS + 5_000 })
    .toBeDefined();
  const { shown, gone } = await readTimes();
  expect(shown, `"${text}" was shown`).toBeDefined();
  const visibleFor = gone! - shown!;
  // The observer hears of the notice at the end of the task that drew it; on a busy machine
  // that task (the list redrawn beside it) can run on for tens of milliseconds after the notice's
  // own timer started, so its appearance reads late by as much.
  expect(visibleFor).toBeGreaterThanOrEqual(NOTICE_DISMISS_MS - 250);
  expect(visibleFor).toBeLessThan(NOTICE_DISMISS_MS + 1_000);
}

/**
 * The students list under the filter: its heading says which students it shows and, once
 * counted, how many ("All students · 12 students", "Class 9 C matching “ab” · 1 student").
 */
export const studentList = (page: Page) =>
  page.getByRole('region', { name: /^All students| · \d+ students?$/ });

/** The rows of the students table that a wide screen shows, one per student. */
export const studentRows = (page: Page) =>
  studentList(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One student's row by name; the student just added also carries its mark. */
export const studentRow = (page: Page, name: string) =>
  studentRows(page).filter({
    has: page.getByRole('rowheader', {
      name: new RegExp(`^${literally(name)}( ${appTexts.students.justAdded})?$`),
    }),
  });

/**
 * No screen scrolls sideways on a phone: the page is never wider than the window, no dialog,
 * menu or drawer reaches past its edges, and nothing on it scrolls sideways inside a box of its
 * own (a table that does not fit is a card per row instead, docs/web.md "Phone width").
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    // Measured at rest: a drawer sliding in is past the edge on its way.
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations !== Infinity) animation.finish();
    }
    const root = document.documentElement;
    const width = root.clientWidth;
    const pastEdge = [
      ...document.querySelectorAll('[role="dialog"], [role="menu"], [role="alert"]'),
    ]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
      .map((box) => `${Math.round(box.left)}..${Math.round(box.right)}`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('aria-label') ? `[${element.getAttribute('aria-label')}]` : ''}`;
    const scrollsInside = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          ['auto', 'scroll'].includes(style.overflowX) &&
          element.scrollWidth > element.clientWidth + 1 &&
          element.getBoundingClientRect().width > 0
        );
      })
      .map(describe);
    return { page: root.scrollWidth - width, pastEdge, scrollsInside };
  });
  expect(overflow, `${what} at ${page.viewportSize()?.width} px`).toEqual({
    page: 0,
    pastEdge: [],
    scrollsInside: [],
  });
}

/**
 * A key action on a phone: shown, whole within the window's width, and it takes the pointer
 * where it is (nothing covers it).
 */
export async function expectWithinReach(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'has a box').not.toBeNull();
  expect(box!.x, 'starts inside the window').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'ends inside the window').toBeLessThanOrEqual(width);
  await target.click({ trial: true });
}
