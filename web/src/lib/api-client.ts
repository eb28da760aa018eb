import {
  ApiError,
  readProblem,
  send,
  unexpectedAnswer,
  type RequestOptions,
  type ResponseSchema,
} from './api-transport';
import { clearSession, readTokens } from './session';

export { ApiError, type RequestOptions, type ResponseSchema } from './api-transport';

// zod probes `new Function` to compile fast parsers the first time a schema runs; the strict CSP
// refuses it and the browser logs a violation (Lighthouse best practices counts it). Every page
// parses answers here, and interpreted parsing is fast enough for them. zod reads its settings
// from this shared global (creating it only when absent), so setting it costs the login page no
// import of zod.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Mutated in place: if zod has already loaded, it holds this very object.
(zodSettings.__zod_globalConfig ??= {}).jitless = true;

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
  return parseBody(await apiResponse(path, options), options.schema);
}

/**
 * The API's answer itself, fetched as apiRequest fetches it (signed in, refreshed once), for a
 * caller that reads it otherwise than as JSON, such as a file.
 */
export async function apiResponse(
  path: string,
  options: RequestOptions<unknown> = {},
): Promise<Response> {
  const authenticated = options.authenticated ?? true;
  const access = authenticated ? (readTokens()?.access ?? null) : null;
  let response = await send(path, options, access);

  if (response.status === 401 && access) {
    // The refresh is needed only once an access token has expired, so the first page does not
    // download it.
    const { refreshTokens } = await import('./refresh');
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
