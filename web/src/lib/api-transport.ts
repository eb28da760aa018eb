/**
 * The API's wire: one request, and a refused answer read as an ApiError. The API client and the
 * refresh share it, so the refresh can load on its own when an access token has expired.
 */

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

export const unexpectedAnswer = 'The server sent an unexpected answer.';

export async function readProblem(response: Response): Promise<ApiError> {
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

export async function send(path: string, options: RequestOptions<unknown>, access: string | null) {
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
