import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, profileResponseSchema } from '@um/contract';
import { stubFetch } from '../test/fetch-stub';
import { ApiError, apiRequest, errorDetail } from './api-client';
import { readTokens, readUser, storeTokens, storeUser } from './session';

const profile = {
  id: '1',
  email: 'ada@school.test',
  name: 'Ada',
  role: 'staff' as const,
  status: 'active' as const,
};
const PROFILE = `GET ${apiPaths.profile}`;
const REFRESH = `POST ${apiPaths.refresh}`;

function signedIn() {
  storeTokens({ access: 'old-access', refresh: 'old-refresh' });
  storeUser(profile);
}

/** The profile endpoint as the server behaves: only the current access token is accepted. */
function profileAccepting(access: string) {
  return ({ headers }: { headers: Headers }) =>
    headers.get('authorization') === `Bearer ${access}`
      ? { body: profile }
      : { status: 401, body: { status: 401, detail: 'Authentication required. Please log in.' } };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  it('sends the bearer token, and the JSON content type only with a body', async () => {
    signedIn();
    const { calls } = stubFetch({
      [PROFILE]: { body: profile },
      'POST /api/message/': { status: 201, body: {} },
    });

    await apiRequest(apiPaths.profile, { schema: profileResponseSchema });
    await apiRequest(apiPaths.messages, { method: 'POST', body: { content: 'Hi' } });

    expect(calls[0]!.headers.get('authorization')).toBe('Bearer old-access');
    expect(calls[0]!.headers.get('content-type')).toBeNull();
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer old-access');
    expect(calls[1]!.headers.get('content-type')).toBe('application/json');
    expect(calls[1]!.body).toEqual({ content: 'Hi' });
  });

  it('validates the answer with the schema it is given', async () => {
    signedIn();
    stubFetch({ [PROFILE]: { body: { id: 1 } } });
    await expect(apiRequest(apiPaths.profile, { schema: profileResponseSchema })).rejects.toThrow(
      'The server sent an unexpected answer.',
    );
  });

  it('on a 401 refreshes once, stores the new pair and retries the call with it', async () => {
    signedIn();
    const { callsTo } = stubFetch({
      [PROFILE]: profileAccepting('new-access'),
      [REFRESH]: { body: { access: 'new-access', refresh: 'new-refresh' } },
    });

    await expect(apiRequest(apiPaths.profile, { schema: profileResponseSchema })).resolves.toEqual(
      profile,
    );

    expect(callsTo(REFRESH).map((call) => call.body)).toEqual([{ refresh: 'old-refresh' }]);
    expect(callsTo(PROFILE)).toHaveLength(2);
    expect(readTokens()).toEqual({ access: 'new-access', refresh: 'new-refresh' });
  });

  it('logs out when the server refuses the refresh token', async () => {
    signedIn();
    stubFetch({
      [PROFILE]: profileAccepting('never'),
      [REFRESH]: { status: 401, body: { status: 401, detail: 'Your session has ended.' } },
    });

    const error = await apiRequest(apiPaths.profile).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(readTokens()).toBeNull();
    expect(readUser()).toBeNull();
    expect(document.cookie).toBe('');
  });

  it('logs out when the retried call is refused again', async () => {
    signedIn();
    const { callsTo } = stubFetch({
      [PROFILE]: profileAccepting('never'),
      [REFRESH]: { body: { access: 'new-access', refresh: 'new-refresh' } },
    });

    await expect(apiRequest(apiPaths.profile)).rejects.toMatchObject({ status: 401 });
    expect(callsTo(PROFILE)).toHaveLength(2);
    expect(callsTo(REFRESH)).toHaveLength(1);
    expect(readTokens()).toBeNull();
  });

  it('keeps the session when the refresh fails for a reason that is not the token', async () => {
    signedIn();
    stubFetch({
      [PROFILE]: profileAccepting('never'),
      [REFRESH]: {
        status: 503,
        body: { status: 503, detail: 'The service is temporarily unavailable.' },
      },
    });

    await expect(apiRequest(apiPaths.profile)).rejects.toMatchObject({ status: 503 });
    expect(readTokens()).toEqual({ access: 'old-access', refresh: 'old-refresh' });
  });

  it('spends the refresh token once when several calls meet the same expired access token', async () => {
    signedIn();
    const { callsTo } = stubFetch({
      [PROFILE]: profileAccepting('new-access'),
      [REFRESH]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return { body: { access: 'new-access', refresh: 'new-refresh' } };
      },
    });

    const answers = await Promise.all([
      apiRequest(apiPaths.profile, { schema: profileResponseSchema }),
      apiRequest(apiPaths.profile, { schema: profileResponseSchema }),
      apiRequest(apiPaths.profile, { schema: profileResponseSchema }),
    ]);

    expect(answers).toEqual([profile, profile, profile]);
    expect(callsTo(REFRESH)).toHaveLength(1);
  });

  it('serialises refreshes across tabs with a Web Lock and reuses the pair another tab stored', async () => {
    signedIn();
    const request = vi.fn(async (_name: string, task: () => Promise<unknown>) => {
      // While this tab waited for the lock, another tab refreshed and stored its new pair.
      storeTokens({ access: 'other-tab-access', refresh: 'other-tab-refresh' });
      return task();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { callsTo } = stubFetch({
      [PROFILE]: profileAccepting('other-tab-access'),
      [REFRESH]: { status: 401, body: { status: 401, detail: 'reused' } },
    });

    await expect(apiRequest(apiPaths.profile, { schema: profileResponseSchema })).resolves.toEqual(
      profile,
    );

    expect(request).toHaveBeenCalledWith('um-session-refresh', expect.any(Function));
    expect(callsTo(REFRESH)).toHaveLength(0);
    expect(callsTo(PROFILE).at(-1)!.headers.get('authorization')).toBe('Bearer other-tab-access');
  });

  it('does not treat the 401 of a sign-in call as an expired session', async () => {
    signedIn();
    const { callsTo } = stubFetch({
      [`POST ${apiPaths.login}`]: {
        status: 401,
        body: { status: 401, detail: 'Login failed. Please check your credentials.' },
      },
    });

    const error = await apiRequest(apiPaths.login, {
      method: 'POST',
      body: { email: 'a@b.co', password: 'x' },
      authenticated: false,
    }).catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      status: 401,
      detail: 'Login failed. Please check your credentials.',
    });
    expect(callsTo(`POST ${apiPaths.login}`)[0]!.headers.get('authorization')).toBeNull();
    expect(callsTo(REFRESH)).toHaveLength(0);
    expect(readTokens()).not.toBeNull();
  });

  it("carries the status, the problem's detail and its field errors", async () => {
    stubFetch({
      'POST /management/standard/': {
        status: 400,
        body: {
          status: 400,
          detail: 'Standard name is required.',
          errors: { name: ['Standard name is required.'] },
        },
      },
    });
    const error = await apiRequest('/management/standard/', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      detail: 'Standard name is required.',
      fieldErrors: { name: ['Standard name is required.'] },
    });
  });

  it.each([
    ["a proxy's HTML error page", 502, '<html><body>502 Bad Gateway</body></html>', 'text/html'],
    ['a bare text answer', 500, 'boom', 'text/plain'],
    ['JSON that is not problem JSON', 503, '{"detail":"upstream boom"}', 'application/json'],
    ['problem JSON that is not an object', 500, '"boom"', 'application/problem+json'],
  ])('never takes a detail from %s', async (_kind, status, text, contentType) => {
    stubFetch({ 'GET /api/config/': { status, text, contentType } });
    const error = await apiRequest(apiPaths.config).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status, detail: null, fieldErrors: {} });
    expect(errorDetail(error)).toBeNull();
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest(apiPaths.config)).rejects.toMatchObject({ status: 0, detail: null });
  });

  it('lets an aborted call reject as an abort, not as an API error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () =>
              reject(new DOMException('Aborted', 'AbortError')),
            ),
          ),
      ),
    );
    const controller = new AbortController();
    const call = apiRequest(apiPaths.config, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
