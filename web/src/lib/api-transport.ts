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
  /** Sent as JSON; a Blob (a CSV file) is sent as it is, with its own type. */
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

/**
 * The refusal as an ApiError. Only our own problem JSON (RFC 9457, as the API sends every error)
 * is read for a detail and field errors: anything else, such as a proxy's 502 page, a bare "boom"
 * or some other service's JSON, is never shown to a person, so the spec's message stands alone.
 */
export async function readProblem(response: Response): Promise<ApiError> {
  const body: unknown = response.headers.get('content-type')?.includes('application/problem+json')
    ? await response.json().catch(() => null)
    : null;
  const problem = (body !== null && typeof body === 'object' ? body : {}) as Record<
    string,
    unknown
  >;
  const { detail, errors } = problem;
  return new ApiError(
    response.status,
    typeof detail === 'string' && detail.trim() !== '' ? detail : null,
    (errors !== null && typeof errors === 'object' ? errors : {}) as Record<string, string[]>,
    problem,
  );
}

export async function send(path: string, options: RequestOptions<unknown>, access: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (access) headers['Authorization'] = `Bearer ${access}`;
  const { body } = options;
  const file = body instanceof Blob;
  // Fastify refuses an empty body labelled JSON, so the type goes only with a body.
  if (body !== undefined) headers['Content-Type'] = file ? body.type : 'application/json';
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: file || body === undefined ? body : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
}
