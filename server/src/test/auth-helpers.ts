import { vi } from 'vitest';
import { apiPaths } from '@um/contract';
import type { App } from '../app-context.js';
import { DEFAULT_PASSWORD } from './factories.js';

/** A JSON POST through the app, as the web app sends it. */
export function postJson(
  app: App,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, payload, headers });
}

export interface Tokens {
  access: string;
  refresh: string;
}

/** Logs in through the API and returns the token pair, failing loudly if login fails. */
export async function loginTokens(
  app: App,
  email: string,
  password = DEFAULT_PASSWORD,
): Promise<Tokens> {
  const response = await postJson(app, apiPaths.login, { email, password });
  if (response.statusCode !== 200) {
    throw new Error(`login failed with ${response.statusCode}: ${response.body}`);
  }
  return response.json<{ token: Tokens }>().token;
}

/** The Authorization header for an access token. */
export function bearer(access: string) {
  return { authorization: `Bearer ${access}` };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call through the app as the holder of `access`, with a JSON body when one is given. */
export function callAs(app: App, access: string, method: Method, url: string, payload?: object) {
  return app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });
}

/**
 * Freezes `Date` (and only `Date`: timers, sockets and the database keep running) at the
 * current instant, so a test moves the clock past an expiry instead of sleeping. The app
 * reads the time through `new Date()` at each request, so this is its clock too. Undo with
 * `vi.useRealTimers()`.
 */
export function freezeClock() {
  const start = new Date();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return {
    advance(ms: number) {
      vi.setSystemTime(new Date(Date.now() + ms));
    },
  };
}
