import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, texts } from '@um/contract';
import { readTokens } from '../../lib/session';
import { stubFetch } from '../../test/fetch-stub';
import type { StubReply } from '../../test/fetch-stub';
import { renderApp, testUser } from '../../test/render-app';
import { GSI_CLIENT_URL } from './google-identity';
import type { GoogleIdConfiguration } from './google-identity';

const CLIENT_ID = 'school.apps.googleusercontent.com';

/** Google Identity Services as the page sees it once Google's script has run. */
function fakeGoogle() {
  const configured: { current?: GoogleIdConfiguration } = {};
  const initialize = vi.fn((config: GoogleIdConfiguration) => {
    configured.current = config;
  });
  const renderButton = vi.fn();
  window.google = { accounts: { id: { initialize, renderButton } } };
  return { configured, initialize, renderButton };
}

function stubs(extra: Record<string, StubReply> = {}) {
  return stubFetch({
    [`GET ${apiPaths.config}`]: { body: { google_client_id: CLIENT_ID } },
    [`GET ${apiPaths.profile}`]: { body: testUser },
    'GET /api/message/': { body: { data: [], next_cursor: null, unread_count: 0 } },
    ...extra,
  });
}

/** Plays Google calling back after the user picked an account (or closed the popup). */
async function answerFromGoogle(
  configured: { current?: GoogleIdConfiguration },
  response: { credential?: string },
) {
  await waitFor(() => expect(configured.current).toBeDefined());
  await act(async () => configured.current!.callback(response));
}

const gsiScript = () =>
  document.head.querySelector<HTMLScriptElement>(`script[src="${GSI_CLIENT_URL}"]`);

afterEach(() => {
  delete window.google;
  gsiScript()?.remove();
});

describe('Google sign-in', () => {
  it('without a client id, shows the button disabled with the reason and loads nothing from Google', async () => {
    stubs({ [`GET ${apiPaths.config}`]: { body: { google_client_id: null } } });
    renderApp('/login');

    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(button).toBeDisabled();
    await waitFor(() =>
      expect(button).toHaveAccessibleDescription(
        'Google sign-in is not configured for this school.',
      ),
    );
    expect(gsiScript()).toBeNull();
  });

  it("loads Google's script on demand and renders Google's button with the client id", async () => {
    stubs();
    renderApp('/login');

    await waitFor(() => expect(gsiScript()).not.toBeNull());
    const { initialize, renderButton } = fakeGoogle();
    act(() => gsiScript()!.dispatchEvent(new Event('load')));

    await waitFor(() => expect(renderButton).toHaveBeenCalled());
    expect(initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: CLIENT_ID, context: 'signin', ux_mode: 'popup' }),
    );
    expect(renderButton.mock.calls[0]![1]).toMatchObject({ text: 'signin_with', shape: 'pill' });
  });

  it('on the login page, a button that cannot load shows the login button-error message', async () => {
    stubs();
    renderApp('/login');

    await waitFor(() => expect(gsiScript()).not.toBeNull());
    act(() => gsiScript()!.dispatchEvent(new Event('error')));

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.google.loginButtonError);
  });

  it('on the register page, a button that cannot load shows the registration button-error message', async () => {
    stubs();
    renderApp('/register');

    await waitFor(() => expect(gsiScript()).not.toBeNull());
    act(() => gsiScript()!.dispatchEvent(new Event('error')));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      texts.google.registrationButtonError,
    );
  });

  it("says 'No credential received from Google.' when Google answers without one", async () => {
    const { configured } = fakeGoogle();
    const { calls } = stubs();
    renderApp('/login');

    await answerFromGoogle(configured, {});

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.google.noCredential);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("says 'Google login failed. Please try again.' with the reason when the API refuses", async () => {
    const { configured } = fakeGoogle();
    const { callsTo } = stubs({
      [`POST ${apiPaths.google}`]: {
        status: 404,
        body: { status: 404, detail: 'No account uses this Google address. Please sign up first.' },
      },
    });
    renderApp('/login');

    await answerFromGoogle(configured, { credential: 'google-id-token' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.google.loginFailed);
    expect(alert).toHaveTextContent('Please sign up first.');
    expect(callsTo(`POST ${apiPaths.google}`)[0]!.body).toEqual({ token: 'google-id-token' });
    expect(readTokens()).toBeNull();
  });

  it("says 'Google registration failed. Please try again.' when the register API refuses", async () => {
    const { configured } = fakeGoogle();
    stubs({
      [`POST ${apiPaths.googleRegister}`]: {
        status: 403,
        body: { status: 403, detail: 'Sign-up is limited to school addresses.' },
      },
    });
    renderApp('/register');

    await answerFromGoogle(configured, { credential: 'google-id-token' });

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.google.registrationFailed);
    expect(configured.current!.context).toBe('signup');
  });

  it('signs in with the Google credential and goes to the dashboard', async () => {
    const { configured } = fakeGoogle();
    const pair = { access: 'access-g', refresh: 'refresh-g' };
    stubs({ [`POST ${apiPaths.google}`]: { body: { token: pair } } });
    renderApp('/login');

    await answerFromGoogle(configured, { credential: 'google-id-token' });

    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    expect(readTokens()).toEqual(pair);
  });

  it('signs up with the Google credential from the register page', async () => {
    const { configured } = fakeGoogle();
    const pair = { access: 'access-gr', refresh: 'refresh-gr' };
    const { callsTo } = stubs({
      [`POST ${apiPaths.googleRegister}`]: { status: 201, body: { token: pair } },
    });
    renderApp('/register');

    await answerFromGoogle(configured, { credential: 'google-id-token' });

    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    expect(callsTo(`POST ${apiPaths.googleRegister}`)).toHaveLength(1);
    expect(readTokens()).toEqual(pair);
  });
});
