import { apiPaths } from '@um/contract';
import type { TokenPair } from '@um/contract';
import { ApiError, readProblem, send, unexpectedAnswer } from './api-transport';
import { clearSession, isTokenPair, noteDeactivated, readTokens, storeTokens } from './session';

const REFRESH_LOCK = 'um-session-refresh';

let inTabQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` while holding the refresh lock. Web Locks make the lock span every tab of the
 * origin, so two tabs never spend one refresh token; without them, calls in this tab still
 * wait for each other.
 */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if ('locks' in navigator) {
    return await navigator.locks.request(REFRESH_LOCK, task);
  }
  const run = inTabQueue.then(task, task);
  inTabQueue = run.catch(() => undefined);
  return run;
}

/**
 * Trades the stored refresh token for a new pair, at most once across tabs for one expired
 * access token: whoever gets the lock second finds the pair the first one stored and reuses it.
 * Resolves to null when the server refuses the refresh token, which ends the session.
 */
export async function refreshTokens(expiredAccess: string): Promise<TokenPair | null> {
  return withRefreshLock(async () => {
    const current = readTokens();
    if (!current) return null;
    if (current.access !== expiredAccess) return current;
    const response = await send(
      apiPaths.refresh,
      { method: 'POST', body: { refresh: current.refresh } },
      null,
    );
    if (!response.ok) {
      // A refused token ends the session; a busy or failing server is not the user's fault.
      if (response.status === 429 || response.status >= 500) throw await readProblem(response);
      // A deactivated account (docs/staff.md): the login page says so.
      if (response.status === 403) noteDeactivated();
      return null;
    }
    const pair: unknown = await response.json().catch(() => null);
    if (!isTokenPair(pair)) throw new ApiError(response.status, unexpectedAnswer);
    storeTokens(pair);
    return pair;
  });
}

/**
 * For a caller outside `apiRequest` (the event stream) whose access token the server refused:
 * the fresh access token from the one shared refresh, or null once the session has ended (it
 * is then cleared, as `apiRequest` does). Throws when the server is busy or unreachable.
 */
export async function refreshedAccess(refusedAccess: string): Promise<string | null> {
  const pair = await refreshTokens(refusedAccess);
  if (!pair) clearSession();
  return pair?.access ?? null;
}
