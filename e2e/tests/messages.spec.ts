import { dailyUseTexts, texts } from '@um/contract';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  createStandardViaApi,
  createStudentViaApi,
  postMessageViaApi,
  readWholeInbox,
  uniqueTag,
} from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { createAccount, shortLivedAccessToken, storeSession } from './support/session.js';
import type { Account } from './support/session.js';
import {
  expectNoSidewaysScroll,
  expectNoticeToVanishOnItsOwn,
  studentList,
  studentRows,
  tabTo,
  viewports,
} from './support/ui.js';

// Every message reaches every account, so a message posted by one test would change the
// unread counts another test checks. The tests that post are all here and run one at a time.
test.describe.configure({ mode: 'serial' });

const badge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Messages, / });
const inbox = (page: Page) => page.getByRole('region', { name: 'Inbox' });
const messageItem = (page: Page, content: string) =>
  inbox(page).getByRole('listitem').filter({ hasText: content });
const opener = (item: Locator) => item.getByRole('button').first();

async function openInBrowser(browser: Browser, account: Account, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await storeSession(page, account.tokens, account.profile);
  await page.goto(path);
  return page;
}

async function send(page: Page, content: string) {
  await page.getByRole('button', { name: 'New Message' }).click();
  await page.getByLabel('Message', { exact: true }).fill(content);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toContainText(texts.inbox.sent);
}

/** Leaves the inbox and comes back through the header badge, as someone told of new mail would. */
async function backToInboxByBadge(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  // A person clicks the badge on the dashboard they see. Clicked while the dashboard's code is
  // still arriving, the navigation back to the inbox would cancel the one away from it, and the
  // inbox, never left, would not ask for what is new.
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeVisible();
  await badge(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
}

test("two staff members exchange messages, and each one's unread badge is right", async ({
  signedInPage: pageA,
  account: a,
  request,
  browser,
}) => {
  const tag = uniqueTag();
  const b = await createAccount(request);
  await Promise.all([readWholeInbox(request, a), readWholeInbox(request, b)]);
  const pageB = await openInBrowser(browser, b, '/messages');
  await expect(badge(pageB)).toHaveAccessibleName('Messages, none unread');

  await pageA.goto('/messages');
  await expect(badge(pageA)).toHaveAccessibleName('Messages, none unread');
  const hello = `Hello from A ${tag}`;
  await send(pageA, hello);
  await expect(opener(messageItem(pageA, hello))).toHaveAccessibleName(
    new RegExp(`^${a.name} .+ ${hello}$`),
  );
  await expect(badge(pageA)).toHaveAccessibleName('Messages, none unread');

  await backToInboxByBadge(pageB);
  await expect(badge(pageB)).toHaveAccessibleName('Messages, 1 unread');
  const received = opener(messageItem(pageB, hello));
  await expect(received).toHaveAccessibleName(new RegExp(`^Unread ${a.name} .+ ${hello}$`));
  await expect(received.getByText(a.name, { exact: true })).toHaveCSS('font-weight', '700');
  await received.click();
  await expect(received).toHaveAttribute('aria-expanded', 'true');
  await expect(badge(pageB)).toHaveAccessibleName('Messages, none unread');
  await expect(received).toHaveAccessibleName(new RegExp(`^${a.name} `));
  await received.click();
  await expect(received).toHaveAttribute('aria-expanded', 'false');
  await pageB.reload();
  await expect(received).toHaveAccessibleName(new RegExp(`^${a.name} `));
  await expect(badge(pageB)).toHaveAccessibleName('Messages, none unread');

  const reply = `Reply from B ${tag}`;
  await send(pageB, reply);
  await expect(badge(pageB)).toHaveAccessibleName('Messages, none unread');

  await backToInboxByBadge(pageA);
  await expect(badge(pageA)).toHaveAccessibleName('Messages, 1 unread');
  await opener(messageItem(pageA, reply)).click();
  await expect(badge(pageA)).toHaveAccessibleName('Messages, none unread');

  // Deleting takes a message out of one inbox only.
  await messageItem(pageB, hello)
    .getByRole('button', { name: /^Delete message from/ })
    .click();
  await pageB.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(pageB.getByRole('status')).toContainText(texts.inbox.deleted);
  await expect(messageItem(pageB, hello)).toHaveCount(0);
  await pageA.reload();
  await expect(messageItem(pageA, hello)).toBeVisible();
  await pageB.context().close();
});

test('the inbox works by keyboard alone, and its banners go after 5 seconds', async ({
  signedInPage: page,
}) => {
  const note = `Keyboard note ${uniqueTag()}`;
  await page.goto('/messages');
  await expect(inbox(page).getByRole('list')).toBeVisible();

  const newMessage = page.getByRole('button', { name: 'New Message' });
  await tabTo(page, newMessage);
  await page.keyboard.press('Enter');
  const box = page.getByLabel('Message', { exact: true });
  await expect(box).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(texts.inbox.contentRequired)).toBeVisible();
  await expect(box).toBeFocused();
  await page.keyboard.type(note);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(texts.inbox.sent);
  await expect(newMessage).toBeFocused();
  await expect(box).toBeHidden();

  const item = messageItem(page, note);
  await tabTo(page, opener(item));
  await page.keyboard.press('Enter');
  await expect(opener(item)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Space');
  await expect(opener(item)).toHaveAttribute('aria-expanded', 'false');

  const remove = item.getByRole('button', { name: /^Delete message from/ });
  await page.keyboard.press('Tab');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(texts.inbox.confirmDelete);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
  await expectNoticeToVanishOnItsOwn(page, texts.inbox.deleted, async () => {
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText(texts.inbox.deleted);
    await expect(page.getByRole('heading', { name: 'Inbox' })).toBeFocused();
    await expect(item).toHaveCount(0);
  });
});

test('a preview keeps the line breaks of its first two lines, deleting says it leaves only your inbox, and a phone never scrolls sideways', async ({
  signedInPage: page,
  request,
}) => {
  const colleague = await createAccount(request);
  const tag = uniqueTag();
  const lines = [
    `Staff meeting ${tag}`,
    'Room 12 at 3 pm',
    'Bring the term plans',
    `https://school.example.test/notices/${'minutes-'.repeat(12)}`,
  ];
  await postMessageViaApi(request, colleague, lines.join('\n'));
  const item = messageItem(page, `Staff meeting ${tag}`);

  for (const width of [1280, 390, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/messages');
    const preview = item.locator('[data-preview]');
    await expect(preview).toBeVisible();
    const shown = await preview.evaluate((element) => ({
      text: (element as HTMLElement).innerText,
      lines:
        element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
    }));
    expect(shown.text.startsWith(`${lines[0]}\n${lines[1]}\n`), shown.text).toBe(true);
    expect(Math.round(shown.lines)).toBe(2);
    await expectNoSidewaysScroll(page, 'the inbox');

    await opener(item).click();
    await expect(item).toContainText(lines[3]!);
    await expectNoSidewaysScroll(page, 'a long message open');
    await item.getByRole('button', { name: /^Delete message from/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(texts.inbox.confirmDelete);
    await expect(dialog).toContainText(dailyUseTexts.inbox.deleteOwnOnly);
    await expectNoSidewaysScroll(page, 'the delete question');
    await page.keyboard.press('Escape');
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({ colorScheme, reducedMotion: 'reduce' });

    test('the messages screen has no accessibility violations at desktop and phone widths', async ({
      signedInPage: page,
      request,
    }) => {
      const colleague = await createAccount(request);
      const note = `A note for the accessibility check ${uniqueTag()}`;
      await postMessageViaApi(request, colleague, note);

      for (const [width, viewport] of Object.entries(viewports)) {
        const label = `/messages at ${width} width (${colorScheme})`;
        await page.setViewportSize(viewport);
        await page.goto('/messages');
        const item = messageItem(page, note);
        await expect(item).toBeVisible();
        await expectNoAxeViolations(page, label);

        await opener(item).click();
        await expect(opener(item)).toHaveAttribute('aria-expanded', 'true');
        await expectNoAxeViolations(page, `${label}, a message open`);

        await page.getByRole('button', { name: 'New Message' }).click();
        await page.getByRole('button', { name: 'Send' }).click();
        await expect(page.getByText(texts.inbox.contentRequired)).toBeVisible();
        await expectNoAxeViolations(page, `${label}, composer with an error`);

        await item.getByRole('button', { name: /^Delete message from/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoAxeViolations(page, `${label}, delete confirmation`);
        await page.keyboard.press('Escape');
      }
    });
  });
}

/** A colleague's change shows within a second (docs/live-updates.md); the browser gets 2 s here. */
const LIVE = { timeout: 2_000 };

test("one person's message and new student show in the other's badge and list without a reload", async ({
  signedInPage: pageA,
  account: a,
  request,
  browser,
}) => {
  const tag = uniqueTag();
  const b = await createAccount(request);
  await Promise.all([readWholeInbox(request, a), readWholeInbox(request, b)]);
  const standard = await createStandardViaApi(request, a, `Live ${tag}`);
  const pageB = await openInBrowser(browser, b, `/students?standard=${standard.id}`);
  await expect(badge(pageB)).toHaveAccessibleName('Messages, none unread');
  await expect(studentList(pageB)).toBeVisible();
  await expect(studentRows(pageB)).toHaveCount(0);

  await pageA.goto('/messages');
  await send(pageA, `Live hello ${tag}`);
  await expect(badge(pageB)).toHaveAccessibleName('Messages, 1 unread', LIVE);

  await createStudentViaApi(request, a, {
    name: `Asha Live ${tag}`,
    email: `asha.${tag}@pupils.test`,
    roll_number: `L-${tag}`,
    standard: standard.id,
  });
  await expect(studentRows(pageB)).toHaveCount(1, LIVE);
  await expect(studentList(pageB)).toContainText(`Asha Live ${tag}`);
  await pageB.context().close();
});

test('when its access token expires, the browser refreshes it, reconnects, and the badge stays right', async ({
  page,
  account: a,
  request,
}) => {
  const b = await createAccount(request);
  await readWholeInbox(request, a);
  // Long enough to outlast the page's first load on a slow host, which would otherwise refresh
  // the token before the first stream and leave no expiry to follow.
  const expiring = { ...a.tokens, access: shortLivedAccessToken(a.tokens.access, 8) };
  await storeSession(page, expiring, a.profile);
  const streams: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/events/') {
      streams.push(sent.headers()['authorization'] ?? '');
    }
  });
  await page.goto('/dashboard');
  await expect(badge(page)).toHaveAccessibleName('Messages, none unread');

  // The server ends the stream at the token's expiry; the next one carries a refreshed token.
  await expect.poll(() => new Set(streams).size, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await postMessageViaApi(request, b, `After the refresh ${uniqueTag()}`);
  await expect(badge(page)).toHaveAccessibleName('Messages, 1 unread', LIVE);
});

test('a student added while the event stream was down shows once it is back, without opening the screen again', async ({
  page,
  account: a,
  request,
}) => {
  const standard = await createStandardViaApi(request, a, `Resumed ${uniqueTag()}`);
  // The server ends the stream when this token expires; until the route is lifted, every
  // attempt to open another fails as if the network were down.
  const expiring = { ...a.tokens, access: shortLivedAccessToken(a.tokens.access, 8) };
  await storeSession(page, expiring, a.profile);
  let streams = 0;
  let refused = 0;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/events/') streams += 1;
  });
  await page.goto(`/students?standard=${standard.id}`);
  await expect(studentList(page)).toBeVisible();
  await expect(studentRows(page)).toHaveCount(0);
  await expect.poll(() => streams, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await page.route('**/api/events/', async (route) => {
    refused += 1;
    await route.abort('internetdisconnected');
  });
  await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

  const tag = uniqueTag();
  await createStudentViaApi(request, a, {
    name: `Missed ${tag}`,
    email: `missed.${tag}@pupils.test`,
    roll_number: `M-${tag}`,
    standard: standard.id,
  });
  await page.unroute('**/api/events/');
  // Back within the stream's backoff (a few seconds after a few failed attempts).
  await expect(studentRows(page)).toHaveCount(1, { timeout: 20_000 });
  await expect(studentList(page)).toContainText(`Missed ${tag}`);
});

test('eight tabs of one browser all load and follow the badge over one stream', async ({
  browser,
  account: a,
  request,
}) => {
  // Eight tabs each load the whole app: about 2-3 s a tab on two shared cores.
  test.slow();
  const b = await createAccount(request);
  await readWholeInbox(request, a);
  const context = await browser.newContext();
  let streams = 0;
  context.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/events/') streams += 1;
  });
  const tabs: Page[] = [];
  for (let index = 0; index < 8; index += 1) {
    const tab = await context.newPage();
    if (index === 0) await storeSession(tab, a.tokens, a.profile);
    await tab.goto('/dashboard');
    await expect(tab.getByRole('heading', { name: `Welcome back, ${a.name}!` })).toBeVisible();
    tabs.push(tab);
  }
  for (const tab of tabs) await expect(badge(tab)).toHaveAccessibleName('Messages, none unread');

  await postMessageViaApi(request, b, `To every tab ${uniqueTag()}`);
  for (const tab of tabs) await expect(badge(tab)).toHaveAccessibleName('Messages, 1 unread', LIVE);
  expect(streams).toBe(1);
  await context.close();
});
