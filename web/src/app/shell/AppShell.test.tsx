import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, texts } from '@um/contract';
import { queryKeys } from '../../lib/query';
import { readTokens, readUser } from '../../lib/session';
import { stubFetch } from '../../test/fetch-stub';
import type { StubHandler, StubReply } from '../../test/fetch-stub';
import { renderApp, signIn, testTokens, testUser } from '../../test/render-app';

function signedInAt(path: string, extra: Record<string, StubReply | StubHandler> = {}) {
  signIn();
  const fetchStub = stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    'GET /api/message/': { body: { data: [], next_cursor: null, unread_count: 3 } },
    [`GET ${apiPaths.config}`]: { body: { google_client_id: null } },
    [`POST ${apiPaths.logout}`]: { status: 204 },
    ...extra,
  });
  return { ...fetchStub, ...renderApp(path) };
}

describe('app shell', () => {
  it('has the title, the v2 badge and the unread count from the messages API', async () => {
    const { callsTo } = signedInAt('/dashboard');
    const banner = await screen.findByRole('banner');

    expect(within(banner).getByText(texts.shell.title)).toBeInTheDocument();
    expect(within(banner).getByText(texts.shell.badge)).toBeInTheDocument();
    expect(await within(banner).findByRole('link', { name: 'Messages, 3 unread' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(callsTo('GET /api/message/')[0]!.url.search).toBe('?limit=1');
    expect(within(banner).getByRole('button', { name: 'Toggle color mode' })).toBeInTheDocument();
  });

  it('lists the eight screens in the sidebar and marks the current one', async () => {
    signedInAt('/projects');
    await screen.findByRole('heading', { name: 'Projects' });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Projects',
      'Tasks',
      'Students',
      'Standards',
      'Messages',
      'Analytics',
      'Settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Tasks' })).not.toHaveAttribute('aria-current');
  });

  it('opens the user menu by keyboard and moves through Profile, Settings and Logout', async () => {
    const user = userEvent.setup();
    signedInAt('/dashboard');
    const button = await screen.findByRole('button', { name: `Account menu for ${testUser.name}` });

    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Account' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile', 'Settings', 'Logout']);
    expect(items[0]).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[2]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('goes to the profile from the menu', async () => {
    const user = userEvent.setup();
    signedInAt('/dashboard');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/profile');
  });

  it('closes the menu on Settings and stays where it is', async () => {
    const user = userEvent.setup();
    signedInAt('/tasks');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/tasks');
  });

  it('logs out: revokes the session, clears cache, storage and cookies, and goes to /login', async () => {
    const user = userEvent.setup();
    const { callsTo, queryClient } = signedInAt('/dashboard');
    await screen.findByRole('link', { name: 'Messages, 3 unread' });
    expect(queryClient.getQueryData(queryKeys.unreadCount)).toBe(3);

    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(readTokens()).toBeNull();
    expect(readUser()).toBeNull();
    expect(document.cookie).toBe('');
    expect(queryClient.getQueryData(queryKeys.unreadCount)).toBeUndefined();
    await waitFor(() =>
      expect(callsTo(`POST ${apiPaths.logout}`).map((call) => call.body)).toEqual([
        { refresh: testTokens.refresh },
      ]),
    );
  });
});

describe('unread badge', () => {
  it('takes the count from the event stream, signed in with the bearer token, and does not poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = signedInAt('/dashboard', {
      [`GET ${apiPaths.events}`]: {
        contentType: 'text/event-stream',
        text: 'id: 1\nevent: unread\ndata: {"count":7}\n\n',
      },
    });
    expect(await screen.findByRole('link', { name: 'Messages, 7 unread' })).toBeInTheDocument();
    expect(callsTo(`GET ${apiPaths.events}`)[0]!.headers.get('authorization')).toBe(
      `Bearer ${testTokens.access}`,
    );

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(callsTo('GET /api/message/')).toHaveLength(1);
  });

  it('refreshes when anything under the messages key changes', async () => {
    let unread = 3;
    const { queryClient } = signedInAt('/dashboard', {
      'GET /api/message/': () => ({ body: { data: [], next_cursor: null, unread_count: unread } }),
    });
    await screen.findByRole('link', { name: 'Messages, 3 unread' });

    unread = 0;
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.messages }));

    expect(await screen.findByRole('link', { name: 'Messages, none unread' })).toBeInTheDocument();
  });
});

describe('navigation drawer (below lg)', () => {
  async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
    const toggle = await screen.findByRole('button', { name: 'Open navigation' });
    await user.click(toggle);
    return { toggle, drawer: screen.getByRole('dialog', { name: 'Navigation' }) };
  }

  it('opens as a modal dialog with focus inside, and Tab stays inside', async () => {
    const user = userEvent.setup();
    signedInAt('/dashboard');
    const { toggle, drawer } = await openDrawer(user);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(within(drawer).getByRole('button', { name: 'Close navigation' })).toHaveFocus();

    for (let step = 0; step < 12; step += 1) {
      await user.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup();
    signedInAt('/dashboard');
    const { toggle } = await openDrawer(user);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes when a screen is chosen', async () => {
    const user = userEvent.setup();
    signedInAt('/dashboard');
    const { drawer } = await openDrawer(user);

    await user.click(within(drawer).getByRole('link', { name: 'Tasks' }));

    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('closes on any other navigation too', async () => {
    const user = userEvent.setup();
    signedInAt('/dashboard');
    await openDrawer(user);

    await user.keyboard('{Escape}');
    await openDrawer(user);
    window.history.pushState(null, '', '/projects');
    window.dispatchEvent(new PopStateEvent('popstate'));

    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });
});
