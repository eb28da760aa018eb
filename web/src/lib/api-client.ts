import { apiPaths } from '@um/contract';
import type { TokenPair } from '@um/contract';
import { clearSession, isTokenPair, readTokens, storeTokens } from './session';

// zod probes `new Function` to compile fast parsers the first time a schema runs; the strict CSP
// refuses it and the browser logs a violation (Lighthouse best practices counts it). Every page
// parses answers here, and interpreted parsing is fast enough for them. zod reads its settings
// from this shared global (creating it only when absent), so setting it costs the login page no
// import of zod.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Mutated in place: if zod has already loaded, it holds this very object.
(zodSettings.__zod_globalConfig ??= {}).jitless = true;

/** A failed call: the HTTP status (0 when the network failed) and the server's problem detail. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    readonly fieldErrors: Record<string, string[]> = {},
    /** The problem JSON as the server sent it, for members beyond `detail` and `errors`. */
    readonly problem: Record<string, unknown> = {},
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/**
 * What validates an answer: any of the contract's zod schemas fits. Typed structurally so
 * that this module, loaded by every page, does not bring zod along.
 */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates the answer; without it the body is ignored and the call resolves to undefined. */
  schema?: ResponseSchema<T>;
  /**
   * Sign-in calls send no bearer and must not treat their own 401 (wrong password) as an
   * expired session.
   */
  authenticated?: boolean;
  signal?: AbortSignal;
}

const REFRESH_LOCK = 'um-session-refresh';
const unexpectedAnswer = 'The server sent an unexpected answer.';

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

async function readProblem(response: Response): Promise<ApiError> {
  let detail: string | null = null;
  let fieldErrors: Record<string, string[]> = {};
  let problem: Record<string, unknown> = {};
  try {
    const body = (await response.json()) as { detail?: unknown; errors?: unknown };
    if (body && typeof body === 'object') problem = body;
    if (typeof body.detail === 'string' && body.detail.trim() !== '') detail = body.detail;
    if (body.errors && typeof body.errors === 'object') {
      fieldErrors = body.errors as Record<string, string[]>;
    }
  } catch {
    // Not JSON (a proxy's error page, an empty body): the status alone has to do.
  }
  return new ApiError(response.status, detail, fieldErrors, problem);
}

async function send(path: string, options: RequestOptions<unknown>, access: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (access) headers['Authorization'] = `Bearer ${access}`;
  // Fastify refuses an empty body labelled JSON, so the type goes only with a body.
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
}

/**
 * Trades the stored refresh token for a new pair, at most once across tabs for one expired
 * access token: whoever gets the lock second finds the pair the first one stored and reuses it.
 * Resolves to null when the server refuses the refresh token, which ends the session.
 */
async function refreshTokens(expiredAccess: string): Promise<TokenPair | null> {
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

async function parseBody<T>(response: Response, schema: ResponseSchema<T> | undefined): Promise<T> {
  if (!schema || response.status === 204) return undefined as T;
  const result = schema.safeParse(await response.json().catch(() => undefined));
  if (!result.success) throw new ApiError(response.status, unexpectedAnswer);
  return result.data;
}

/**
 * The one way the web app calls the API: JSON in and out, the bearer token when signed in,
 * and on a 401 one refresh and one retry. When that fails the session is cleared, which
 * sends every open screen of every tab back to the login page.
 */
export async function apiRequest<T = undefined>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  return parseBody(await answer(path, options), options.schema);
}

/** A file the API sends (an export), as apiRequest fetches it: signed in, refreshed once. */
export async function apiDownload(path: string): Promise<Blob> {
  return (await answer(path, {})).blob();
}

async function answer(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const authenticated = options.authenticated ?? true;
  const access = authenticated ? (readTokens()?.access ?? null) : null;
  let response = await send(path, options, access);

  if (response.status === 401 && access) {
    const pair = await refreshTokens(access);
    if (!pair) {
      clearSession();
      throw await readProblem(response);
    }
    response = await send(path, options, pair.access);
    if (response.status === 401) {
      clearSession();
      throw await readProblem(response);
    }
  }

  if (!response.ok) throw await readProblem(response);
  return response;
}

/** The server's explanation of a failed call, when it gave one. */
export function errorDetail(error: unknown): string | null {
  return error instanceof ApiError ? error.detail : null;
}
