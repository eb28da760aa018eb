import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, signedOutElsewhereText } from '@um/contract';
import { clearSession, readTokens, readUser } from '../../lib/session';
import { pending, stubFetch } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';
import { pathAfterSignIn } from './redirect';

const PROFILE = `GET ${apiPaths.profile}`;
const inbox = { 'GET /api/message/': { body: { data: [], next_cursor: null, unread_count: 0 } } };

describe('startup', () => {
  it('shows a spinner until the stored session has been checked', async () => {
    signIn();
    stubFetch({ [PROFILE]: pending });
    renderApp('/dashboard');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('loads the profile and sets the user from its id, email and name', async () => {
    signIn({ ...testUser, name: 'Old Name' });
    stubFetch({ [PROFILE]: { body: { ...testUser, name: 'New Name' } }, ...inbox });
    renderApp('/dashboard');

    expect(
      await screen.findByRole('heading', { name: 'Welcome back, New Name!' }),
    ).toBeInTheDocument();
    expect(readUser()).toEqual({ ...testUser, name: 'New Name' });
  });

  it('logs out when the profile cannot be loaded', async () => {
    signIn();
    stubFetch({ [PROFILE]: { status: 500, body: { status: 500, detail: 'Unexpected.' } } });
    renderApp('/dashboard');

    expect(
      await screen.findByRole('heading', { name: 'Log in' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(readTokens()).toBeNull();
    expect(readUser()).toBeNull();
  });

  it('does not call the server when nothing is stored', async () => {
    const { calls } = stubFetch({
      [`GET ${apiPaths.config}`]: { body: { google_client_id: null } },
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    // Google's button asks for its settings once its code is in; nothing else is called.
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual([apiPaths.config]));
  });
});

describe('protected routes', () => {
  it('send a visitor to the login page and, after signing in, back to where they were going', async () => {
    const { callsTo } = stubFetch({
      [`GET ${apiPaths.config}`]: { body: { google_client_id: null } },
      [`POST ${apiPaths.login}`]: { body: { token: { access: 'a', refresh: 'r' } } },
      [PROFILE]: { body: testUser },
      ...inbox,
    });
    renderApp('/tasks?view=all');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@school.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/tasks?view=all');
    expect(callsTo(`POST ${apiPaths.login}`)).toHaveLength(1);
  });

  it('send / to the dashboard', async () => {
    signIn();
    stubFetch({ [PROFILE]: { body: testUser }, ...inbox });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('show a not-found page inside the shell for an unknown path', async () => {
    signIn();
    stubFetch({ [PROFILE]: { body: testUser }, ...inbox });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('send a visitor on an unknown path to the login page', async () => {
    stubFetch({ [`GET ${apiPaths.config}`]: { body: { google_client_id: null } } });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('show the dashboard at /analytics and /settings', async () => {
    signIn();
    stubFetch({ [PROFILE]: { body: testUser }, ...inbox });
    renderApp('/analytics');
    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
  });

  it('follow a logout in another tab back to the login page, which says why', async () => {
    signIn();
    stubFetch({
      [PROFILE]: { body: testUser },
      [`GET ${apiPaths.config}`]: { body: { google_client_id: null } },
      ...inbox,
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: /Welcome back/ });

    // What the other tab's logout leaves behind; this tab hears only the storage event.
    localStorage.clear();
    document.cookie = 'token=; max-age=0; path=/';
    document.cookie = 'user=; max-age=0; path=/';
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));

    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('status')).toHaveTextContent(signedOutElsewhereText);
  });

  it('say nothing of another tab when the session ended in this one', async () => {
    signIn();
    stubFetch({
      [PROFILE]: { body: testUser },
      [`GET ${apiPaths.config}`]: { body: { google_client_id: null } },
      ...inbox,
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: /Welcome back/ });

    act(() => clearSession());

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByText(signedOutElsewhereText)).not.toBeInTheDocument();
  });
});

describe('the sign-in pages', () => {
  it.each(['/login', '/register'])(
    'send a signed-in person who opens %s to the dashboard',
    async (path) => {
      signIn();
      stubFetch({ [PROFILE]: { body: testUser }, ...inbox });
      renderApp(path);
      expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/dashboard');
    },
  );

  it('stay for someone whose stored session the server no longer takes', async () => {
    signIn();
    stubFetch({
      [PROFILE]: { status: 401, body: { status: 401, detail: 'Session ended.' } },
      [`POST ${apiPaths.refresh}`]: {
        status: 401,
        body: { status: 401, detail: 'Session ended.' },
      },
      [`GET ${apiPaths.config}`]: { body: { google_client_id: null } },
    });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });
});

describe('pathAfterSignIn', () => {
  it('returns the remembered page of this app', () => {
    expect(pathAfterSignIn({ from: '/projects?x=1#top' })).toBe('/projects?x=1#top');
  });

  it('falls back to the dashboard for anything else', () => {
    expect(pathAfterSignIn(null)).toBe('/dashboard');
    expect(pathAfterSignIn({ from: 'https://evil.test/' })).toBe('/dashboard');
    expect(pathAfterSignIn({ from: '//evil.test/' })).toBe('/dashboard');
    expect(pathAfterSignIn({ from: '/login' })).toBe('/dashboard');
    expect(pathAfterSignIn({ from: '/reset-password/a/b' })).toBe('/dashboard');
  });
});
