import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@um/contract';
import bootSource from '../public/boot.js?raw';
import { bootViewShowsScreen, dismissBootView } from './lib/boot-view';
import { storeTokens, storeUser } from './lib/session';
import type { SessionUser } from './lib/session';
import { renderBootView, renderSignedIn } from './prerender';
import { stubFetch } from './test/fetch-stub';

/**
 * The boot view as the build writes it (src/prerender.tsx) and as public/boot.js, the real
 * script, fills it in: what a person sees before the app's code has arrived must be what the
 * app then renders in its place.
 */

const PROFILE = `GET ${apiPaths.profile}`;
const ada: SessionUser = { id: '7', email: 'ada@school.test', name: 'Ada Lovelace' };

async function openDashboard() {
  document.body.innerHTML = `${await renderBootView('/dashboard')}<div id="root"></div>`;
}

/** Runs boot.js as the dashboard's head does, with its session check named. */
function runBootScript() {
  const script = document.createElement('script');
  script.setAttribute('data-session-check', apiPaths.profile);
  document.head.append(script);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  // jsdom runs no script element; this runs the file's own text, as the browser would.
  new Function(bootSource)();
}

const part = (name: string) => document.querySelector(`[data-boot-view="${name}"]`)!;
const textOf = (markup: string) => {
  const element = document.createElement('div');
  element.innerHTML = markup;
  return element.textContent;
};

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete (window as { bootRequest?: unknown }).bootRequest;
});

describe('the boot view', () => {
  it('shows only the spinner until the session has been checked', async () => {
    await openDashboard();
    expect(part('checking')).toBeVisible();
    expect(part('screen')).not.toBeVisible();
    expect(document.getElementById('boot-view')).toHaveAttribute('inert');
    expect(bootViewShowsScreen()).toBe(false);
  });

  for (const [situation, user] of [
    ['by name', ada],
    ['by e-mail when the user has no name', { ...ada, name: '  ' }],
    ['with an upper-case initial for a lower-case name', { ...ada, name: 'élise martin' }],
  ] as const) {
    it(`is filled in exactly as the app renders the dashboard: ${situation}`, async () => {
      storeTokens({ access: 'access', refresh: 'refresh' });
      storeUser(ada);
      const { calls } = stubFetch({ [PROFILE]: { body: user } });
      await openDashboard();

      runBootScript();

      await waitFor(() => expect(part('screen')).toBeVisible());
      expect(part('checking')).not.toBeVisible();
      expect(bootViewShowsScreen()).toBe(true);
      expect(part('screen').textContent).toBe(textOf(await renderSignedIn('/dashboard', user)));
      expect(calls).toHaveLength(1);
      expect(calls[0]!.headers.get('authorization')).toBe('Bearer access');
      // The app reads the answer itself: boot.js read a copy.
      const bootRequest = (window as { bootRequest?: { response: Promise<Response> } }).bootRequest;
      expect(await (await bootRequest!.response).json()).toEqual(user);
    });
  }

  it('keeps the spinner when the server refuses the session', async () => {
    storeTokens({ access: 'expired', refresh: 'refresh' });
    storeUser(ada);
    stubFetch({
      [PROFILE]: { status: 401, body: { status: 401, detail: 'Authentication required.' } },
    });
    await openDashboard();

    runBootScript();
    const bootRequest = (window as { bootRequest?: { response: Promise<Response> } }).bootRequest;
    expect((await bootRequest!.response).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(part('checking')).toBeVisible();
    expect(part('screen')).not.toBeVisible();
  });

  it('sends nothing and keeps the spinner without a stored session', async () => {
    const { calls } = stubFetch({ [PROFILE]: { body: ada } });
    await openDashboard();

    runBootScript();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(calls).toHaveLength(0);
    expect(part('checking')).toBeVisible();
  });

  it('goes when the app dismisses it', async () => {
    await openDashboard();
    dismissBootView();
    expect(document.getElementById('boot-view')).toBeNull();
    expect(bootViewShowsScreen()).toBe(false);
  });
});
