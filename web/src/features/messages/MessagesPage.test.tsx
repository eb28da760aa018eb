import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  MESSAGE_PREVIEW_LINES,
  apiPaths,
  buildPath,
  dailyUseTexts,
  recordPaths,
  texts,
} from '@um/contract';
import type { Message } from '@um/contract';
import { createQueryClient } from '../../lib/query';
import { pending, stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { INBOX_PAGE_SIZE } from './api/get-inbox';
import { MessagesPage } from './MessagesPage';

const INBOX = `GET ${apiPaths.messages}`;
const SEND = `POST ${apiPaths.messages}`;

function message(id: number, sender: string, content: string, isRead: boolean): Message {
  return {
    id,
    sender,
    sender_id: id + 100,
    content,
    is_read: isRead,
    timestamp: `2026-03-0${id}T09:30:00.000Z`,
  };
}

const fromGrace = message(3, 'Grace Hopper', 'Staff meeting moved to Thursday.', false);
const fromAlan = message(2, 'Alan Turing', 'Exam papers are in the office.', false);
const fromKaren = message(1, 'Karen Spärck Jones', 'Library closes early today.', true);

/** The inbox as the server keeps it for this user: read state changes as the page acts. */
function inboxServer(initial: Message[]) {
  let inbox = [...initial];
  const routes: Record<string, StubReply | StubHandler> = {
    [INBOX]: () => ({
      body: {
        data: inbox,
        next_cursor: null,
        unread_count: inbox.filter((one) => !one.is_read).length,
      },
    }),
  };
  for (const one of initial) {
    routes[`PATCH ${buildPath(apiPaths.messageRead, { id: one.id })}`] = () => {
      inbox = inbox.map((other) => (other.id === one.id ? { ...other, is_read: true } : other));
      return { body: { data: { ...one, is_read: true } } };
    };
    routes[`DELETE ${buildPath(apiPaths.message, { id: one.id })}`] = () => {
      inbox = inbox.filter((other) => other.id !== one.id);
      return { status: 204 };
    };
    routes[`POST ${buildPath(recordPaths.messageRestore, { id: one.id })}`] = () => {
      inbox = [...inbox, one].sort((a, b) => b.id - a.id);
      return { body: { data: one } };
    };
  }
  return routes;
}

function atMessages(routes: Record<string, StubReply | StubHandler>) {
  signIn();
  const stub = stubFetch({ [`GET ${apiPaths.profile}`]: { body: testUser }, ...routes });
  renderApp('/messages');
  return stub;
}

const user = () => userEvent.setup({ delay: null });
const inboxRegion = () => screen.findByRole('region', { name: 'Inbox' });

describe('messages page', () => {
  it('lists the inbox newest first with sender, time and a two-line preview; unread ones say so', async () => {
    atMessages(inboxServer([fromGrace, fromAlan, fromKaren]));

    const region = await inboxRegion();
    const items = await within(region).findAllByRole('listitem');
    const openers = items.map((item) => within(item).getAllByRole('button')[0]!);
    expect(openers[0]).toHaveAccessibleName(
      /^Unread Grace Hopper .+ Staff meeting moved to Thursday\.$/,
    );
    expect(openers[1]).toHaveAccessibleName(/^Unread Alan Turing /);
    expect(openers[2]).toHaveAccessibleName(/^Karen Spärck Jones /);
    const time = items[0]!.querySelector('time');
    expect(time).toHaveAttribute('dateTime', fromGrace.timestamp);
    expect(time?.textContent).not.toBe('');
    const preview = items[0]!.querySelector<HTMLElement>('[data-preview]');
    expect(preview?.style.getPropertyValue('-webkit-line-clamp')).toBe(
      String(MESSAGE_PREVIEW_LINES),
    );
    expect(within(items[0]!).getByText('Grace Hopper')).toHaveClass('font-bold');
    expect(within(items[2]!).getByText('Karen Spärck Jones')).not.toHaveClass('font-bold');
    expect(within(region).getByText('2 unread')).toBeInTheDocument();
  });

  it('shows placeholder rows under the inbox heading while the messages load', async () => {
    atMessages({ [INBOX]: () => pending() });

    expect(await screen.findByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading messages…');
  });

  it('says how to start when the inbox is empty', async () => {
    atMessages(inboxServer([]));
    expect(await screen.findByText(texts.inbox.empty)).toBeInTheDocument();
  });

  it("shows the load failure with the server's detail", async () => {
    atMessages({
      [INBOX]: { status: 400, body: { status: 400, detail: 'The cursor is not valid.' } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.inbox.loadFailed);
    expect(alert).toHaveTextContent('The cursor is not valid.');
  });

  it('opening an unread message marks it read, expands it, and the header badge follows', async () => {
    const actor = user();
    const { callsTo } = atMessages(inboxServer([fromGrace, fromAlan, fromKaren]));
    const region = await inboxRegion();
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toBeInTheDocument();

    const opener = await within(region).findByRole('button', { name: /^Unread Grace Hopper/ });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await actor.click(opener);

    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const body = document.getElementById(opener.getAttribute('aria-controls')!);
    expect(body).toHaveTextContent(fromGrace.content);
    expect(await screen.findByRole('link', { name: 'Messages, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveAccessibleName(/^Grace Hopper/));
    expect(callsTo(`PATCH ${buildPath(apiPaths.messageRead, { id: 3 })}`)).toHaveLength(1);

    // Closing it again leaves it read, and a read message is never marked twice.
    await actor.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await actor.click(within(region).getByRole('button', { name: /^Karen Spärck Jones/ }));
    expect(callsTo(`PATCH ${buildPath(apiPaths.messageRead, { id: 3 })}`)).toHaveLength(1);
    expect(callsTo(`PATCH ${buildPath(apiPaths.messageRead, { id: 1 })}`)).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Messages, 1 unread' })).toBeInTheDocument();
  });

  it('says when marking as read fails', async () => {
    const actor = user();
    atMessages({
      ...inboxServer([fromAlan]),
      [`PATCH ${buildPath(apiPaths.messageRead, { id: 2 })}`]: {
        status: 404,
        body: { status: 404, detail: 'Message not found.' },
      },
    });

    await actor.click(await screen.findByRole('button', { name: /^Unread Alan Turing/ }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.inbox.markReadFailed);
    expect(alert).toHaveTextContent('Message not found.');
  });

  it("requires content in the composer with the spec's message before calling the server", async () => {
    const actor = user();
    const { callsTo } = atMessages({ ...inboxServer([]), [SEND]: { status: 500 } });

    const newMessage = await screen.findByRole('button', { name: 'New Message' });
    await actor.click(newMessage);
    expect(newMessage).toHaveAttribute('aria-expanded', 'true');
    const box = screen.getByLabelText('Message');
    expect(box).toHaveFocus();
    await actor.type(box, '   ');
    await actor.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(texts.inbox.contentRequired)).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(
      `Every staff member receives it. ${texts.inbox.contentRequired}`,
    );
    expect(callsTo(SEND)).toHaveLength(0);

    await actor.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(newMessage).toHaveFocus();
  });

  it('sends a trimmed message, says so, closes the composer and refreshes the inbox', async () => {
    const actor = user();
    const sent = message(4, testUser.name, 'Fire drill at 11.', true);
    const inbox: Message[] = [];
    const { callsTo } = atMessages({
      [INBOX]: () => ({ body: { data: inbox, next_cursor: null, unread_count: 0 } }),
      [SEND]: () => {
        inbox.unshift(sent);
        return { status: 201, body: { data: sent } };
      },
    });

    const newMessage = await screen.findByRole('button', { name: 'New Message' });
    await actor.click(newMessage);
    await actor.type(screen.getByLabelText('Message'), '  Fire drill at 11. ');
    await actor.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.inbox.sent);
    expect(callsTo(SEND)[0]!.body).toEqual({ content: 'Fire drill at 11.' });
    expect(
      screen.getByRole('button', { name: /^Ada Lovelace.+Fire drill at 11\.$/ }),
    ).toBeVisible();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(newMessage).toHaveFocus();
  });

  it("shows the send failure with the server's detail and keeps the text", async () => {
    const actor = user();
    atMessages({
      ...inboxServer([]),
      [SEND]: {
        status: 400,
        body: { status: 400, detail: 'Message must be at most 5000 characters.' },
      },
    });

    await actor.click(await screen.findByRole('button', { name: 'New Message' }));
    await actor.type(screen.getByLabelText('Message'), 'Hello');
    await actor.click(screen.getByRole('button', { name: 'Send' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.inbox.sendFailed);
    expect(alert).toHaveTextContent('Message must be at most 5000 characters.');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it('asks before deleting, saying it leaves only your inbox, then removes the message, says so and the badge follows', async () => {
    const actor = user();
    atMessages(inboxServer([fromGrace, fromKaren]));
    expect(await screen.findByRole('link', { name: 'Messages, 1 unread' })).toBeInTheDocument();

    const remove = await screen.findByRole('button', { name: /^Delete message from Grace Hopper/ });
    await actor.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Delete message from Grace Hopper' });
    expect(dialog).toHaveAccessibleDescription(
      `${texts.inbox.confirmDelete} ${dailyUseTexts.inbox.deleteOwnOnly}`,
    );
    await actor.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('status')).toHaveTextContent(texts.inbox.deleted);
    expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Messages, none unread' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Inbox' })).toHaveFocus());
  });

  it('puts a deleted message back in the inbox when Undo in the banner is clicked', async () => {
    const actor = user();
    const { callsTo } = atMessages(inboxServer([fromGrace, fromKaren]));

    await actor.click(
      await screen.findByRole('button', { name: /^Delete message from Grace Hopper/ }),
    );
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent(texts.inbox.deleted);
    await actor.click(screen.getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText(dailyUseTexts.inbox.restored)).toBeVisible();
    expect(await screen.findByRole('button', { name: /^Unread Grace Hopper/ })).toBeVisible();
    expect(callsTo(`POST ${buildPath(recordPaths.messageRestore, { id: 3 })}`)).toHaveLength(1);
  });

  it('searches the inbox once typing pauses, keeps the words in the address, and says when nothing matches', async () => {
    const actor = user();
    const { callsTo } = atMessages({
      [INBOX]: ({ url }) => {
        const q = url.searchParams.get('q');
        const data = q === null ? [fromGrace, fromAlan] : q === 'exam alan' ? [fromAlan] : [];
        return { body: { data, next_cursor: null, unread_count: 2 } };
      },
    });
    const box = await screen.findByRole('searchbox', { name: dailyUseTexts.inbox.search });
    await screen.findByRole('button', { name: /^Unread Grace Hopper/ });

    await actor.keyboard('/');
    expect(box).toHaveFocus();
    await actor.type(box, 'exam alan');
    expect(
      await screen.findByRole('heading', { name: 'Inbox matching “exam alan”' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Unread Grace Hopper/ })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: /^Unread Alan Turing/ })).toBeVisible();
    expect(window.location.search).toBe('?q=exam+alan');
    expect(callsTo(INBOX).at(-1)?.url.searchParams.get('q')).toBe('exam alan');

    await actor.clear(box);
    await actor.type(box, 'nothing here');
    expect(await screen.findByText(dailyUseTexts.inbox.noMatch)).toBeVisible();
  });

  it("shows the delete failure with the server's detail", async () => {
    const actor = user();
    atMessages({
      ...inboxServer([fromKaren]),
      [`DELETE ${buildPath(apiPaths.message, { id: 1 })}`]: {
        status: 404,
        body: { status: 404, detail: 'Message not found.' },
      },
    });

    await actor.click(await screen.findByRole('button', { name: /^Delete message from Karen/ }));
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.inbox.deleteFailed);
    expect(alert).toHaveTextContent('Message not found.');
  });

  it('loads older messages through the cursor', async () => {
    const actor = user();
    const { callsTo } = atMessages({
      [INBOX]: ({ url }) => ({
        body: url.searchParams.get('cursor')
          ? { data: [fromKaren], next_cursor: null, unread_count: 1 }
          : { data: [fromGrace], next_cursor: '3', unread_count: 1 },
      }),
    });

    await actor.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('button', { name: /^Karen Spärck Jones/ })).toBeVisible();
    const pages = callsTo(INBOX).filter(
      (call) => call.url.searchParams.get('limit') === String(INBOX_PAGE_SIZE),
    );
    expect(pages.map((call) => call.url.searchParams.get('cursor'))).toEqual([null, '3']);
  });

  it('shows the log-in message and calls nothing without a token', () => {
    const { calls } = stubFetch({});
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <MessagesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(texts.access.pleaseLogIn);
    expect(calls).toHaveLength(0);
  });
});
