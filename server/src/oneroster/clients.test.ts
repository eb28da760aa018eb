import { beforeAll, describe, expect, it } from 'vitest';
import { ONEROSTER_BASE_PATH, ONEROSTER_SCOPE, type ApiClientCreated } from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../test/harness.js';
import { loginAs } from '../test/factories.js';

const FORM = 'application/x-www-form-urlencoded';

describe.each(dialects)('API clients and their tokens on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret, {
      role: 'admin',
      name: 'Head',
    }));
  });
  const call = signedInCaller(t, () => headers);

  async function newClient(name = 'Classroom sync'): Promise<ApiClientCreated> {
    const response = await call('POST', '/api/api-clients/', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  const tokenRequest = (
    params: Record<string, string>,
    extraHeaders: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': FORM, ...extraHeaders },
      payload: new URLSearchParams(params).toString(),
    });

  const basic = (id: string, secret: string) => ({
    authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
  });

  const readUsers = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: `${ONEROSTER_BASE_PATH}/users`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('creates a client whose secret is shown once and kept only as a hash, and lists it without it', async () => {
    const client = await newClient();
    expect(client).toMatchObject({
      name: 'Classroom sync',
      client_id: expect.stringMatching(/^or-[0-9a-f]{24}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      created_by: 'Head',
      last_used_at: null,
      revoked_at: null,
    });
    const listed = await call('GET', '/api/api-clients/');
    const found = listed.json().data.find((item: { id: number }) => item.id === client.id);
    expect(found).not.toHaveProperty('client_secret');
    const stored = await t.database.db
      .selectFrom('api_clients')
      .selectAll()
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(client.client_secret);
    const blank = await call('POST', '/api/api-clients/', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors)).toEqual(['name']);
  });

  it('gives an hour-long bearer token for the roster scope, by Basic or by the form, and the token reads rosters', async () => {
    const client = await newClient();
    const byForm = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
    });
    expect(byForm.statusCode, byForm.body).toBe(200);
    expect(byForm.headers['content-type']).toMatch(/^application\/json/);
    expect(byForm.headers['cache-control']).toBe('no-store');
    expect(byForm.headers['pragma']).toBe('no-cache');
    expect(byForm.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: ONEROSTER_SCOPE,
    });
    const byBasic = await tokenRequest(
      { grant_type: 'client_credentials', scope: ONEROSTER_SCOPE },
      basic(client.client_id, client.client_secret),
    );
    expect(byBasic.statusCode, byBasic.body).toBe(200);
    for (const answer of [byForm, byBasic]) {
      expect((await readUsers(answer.json().access_token)).statusCode).toBe(200);
    }
    const listed = (await call('GET', '/api/api-clients/')).json().data;
    expect(
      listed.find((item: { id: number }) => item.id === client.id).last_used_at,
    ).not.toBeNull();
  });

  it('takes a secret stored earlier, kept as the base64url SHA-256 of its UTF-8 text', async () => {
    // The hash is written out, not computed, so that changing how secrets are hashed fails
    // here instead of locking out every system already handed a secret.
    await t.database.db
      .insertInto('api_clients')
      .values({
        name: 'Stored earlier',
        client_id: 'or-stored-earlier',
        secret_hash: 'fpVqWZ2Kfz2kagct9GQ2anqkAa3Vy5AM5cS6oi1QAA0',
        created_at: new Date().toISOString(),
        created_by: null,
        created_by_name: '',
      })
      .execute();
    const answer = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: 'or-stored-earlier',
      client_secret: 'a secret stored earlier',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await readUsers(answer.json().access_token)).statusCode).toBe(200);
  });

  it('refuses in RFC 6749 JSON: a wrong secret, an unknown client, another grant or scope, two ways of authenticating, a repeated parameter, a JSON body', async () => {
    const client = await newClient();
    const good = {
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
    };
    const cases: [Record<string, string>, Record<string, string>, number, string][] = [
      [{ ...good, client_secret: 'wrong' }, {}, 401, 'invalid_client'],
      [{ ...good, client_id: 'or-nobody' }, {}, 401, 'invalid_client'],
      [{ grant_type: 'client_credentials' }, {}, 401, 'invalid_client'],
      [
        { grant_type: 'client_credentials' },
        basic(client.client_id, 'wrong'),
        401,
        'invalid_client',
      ],
      [{ ...good, grant_type: 'password' }, {}, 400, 'unsupported_grant_type'],
      [
        { client_id: good.client_id, client_secret: good.client_secret },
        {},
        400,
        'invalid_request',
      ],
      [
        { ...good, scope: 'https://purl.imsglobal.org/spec/or/v1p2/scope/roster.createput' },
        {},
        400,
        'invalid_scope',
      ],
      [good, basic(client.client_id, client.client_secret), 400, 'invalid_request'],
    ];
    for (const [params, extra, status, error] of cases) {
      const answer = await tokenRequest(params, extra);
      expect(answer.statusCode, JSON.stringify(params)).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json()).toEqual({ error, error_description: expect.any(String) });
      if (status === 401) expect(answer.headers['www-authenticate']).toMatch(/^Basic/);
    }
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': FORM },
      payload: `grant_type=client_credentials&client_id=${client.client_id}&client_id=x&client_secret=${client.client_secret}`,
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe('invalid_request');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(good),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe('invalid_request');
  });

  it("stops a revoked client's tokens at once and gives it no new one; a second revocation is a 404", async () => {
    const client = await newClient();
    const params = {
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
    };
    const { access_token } = (await tokenRequest(params)).json();
    expect((await readUsers(access_token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/api-clients/${client.id}/`)).statusCode).toBe(204);
    expect((await readUsers(access_token)).statusCode).toBe(401);
    expect((await tokenRequest(params)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/api-clients/${client.id}/`)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/api-clients/')).json().data;
    expect(listed.find((item: { id: number }) => item.id === client.id).revoked_at).not.toBeNull();
  });

  it('leaves no working token when token requests and the revocation race', async () => {
    const client = await newClient();
    const params = {
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
    };
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => tokenRequest(params)),
      call('DELETE', `/api/api-clients/${client.id}/`),
      call('DELETE', `/api/api-clients/${client.id}/`),
      ...Array.from({ length: 10 }, () => tokenRequest(params)),
    ]);
    const revocations = answers
      .slice(10, 12)
      .map((answer) => answer.statusCode)
      .sort();
    expect(revocations).toEqual([204, 404]);
    const tokens = [...answers.slice(0, 10), ...answers.slice(12)]
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json().access_token as string);
    for (const answer of [...answers.slice(0, 10), ...answers.slice(12)]) {
      expect([200, 401]).toContain(answer.statusCode);
    }
    for (const token of tokens) expect((await readUsers(token)).statusCode).toBe(401);
  });

  it('lets only admins manage clients', async () => {
    const staff = await loginAs(t.database.db, t.config.jwtSecret, { role: 'staff' });
    for (const [method, url] of [
      ['GET', '/api/api-clients/'],
      ['POST', '/api/api-clients/'],
      ['DELETE', '/api/api-clients/1/'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: staff.headers,
        ...(method === 'POST' ? { payload: { name: 'x' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe.each(dialects)('the token endpoint under load on %s', (dialect) => {
  const t = useTestApp(dialect, () => ({
    rateLimits: {
      ...Object.fromEntries(
        [
          'loginPerIp',
          'loginFailuresPerAccount',
          'mailPerAddress',
          'mailPerIp',
          'registerPerIp',
          'resetPerIp',
        ].map((key) => [key, { max: 1000, windowMs: 60_000 }]),
      ),
      oauthTokenPerIp: { max: 3, windowMs: 60_000 },
    } as never,
  }));

  it('answers 429 with Retry-After past its per-address limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        headers: { 'content-type': FORM },
        payload: 'grant_type=client_credentials&client_id=x&client_secret=y',
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) expect(answer.headers['retry-after']).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
