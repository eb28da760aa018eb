import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ID_MAX,
  LIST_LIMIT_MAX,
  ONEROSTER_BASE_PATH,
  idParamsSchema,
  rosterPaths,
  standardInputSchema,
} from '@um/contract';
import { buildApp } from '../app.js';
import type { App } from '../app-context.js';
import {
  operationsOf,
  withoutOperationId,
  type ApiDocument,
  type DocumentedOperation,
  type ResponseObject,
} from '../test/api-document.js';
import { loginAs } from '../test/factories.js';
import { dialects, testConfig, useTestApp } from '../test/harness.js';

const PROBLEM_TYPE = 'application/problem+json';
const PROBLEM_REF = '#/components/schemas/Problem';

async function documentOf(app: App): Promise<ApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json<ApiDocument>();
}

const isError = (status: string) => status === 'default' || Number(status) >= 400;

/** A problem schema: the component, or an extension of it with the same required members. */
function isProblemSchema(document: ApiDocument, response: ResponseObject): boolean {
  const schema = response.content?.[PROBLEM_TYPE]?.schema;
  if (!schema) return false;
  if (schema.$ref === PROBLEM_REF) return true;
  const problem = document.components.schemas['Problem']!;
  return (problem.required ?? []).every((member) => schema.required?.includes(member));
}

describe.each(dialects)('the OpenAPI document on %s', (dialect) => {
  const t = useTestApp(dialect);
  let document: ApiDocument;
  let operations: DocumentedOperation[];
  const find = (name: string) => {
    const found = operations.find((operation) => operation.name === name);
    if (!found) throw new Error(`${name} is not in the document`);
    return found.operation;
  };

  beforeAll(async () => {
    document = await documentOf(t.app);
    operations = operationsOf(document);
  });

  it('gives every operation an operationId that reads well in a generated client, each used once', () => {
    expect(withoutOperationId(document), 'operations without an operationId').toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId!);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(find('GET /management/students/').operationId).toBe('listStudents');
    expect(find('POST /management/students/import/').operationId).toBe('importStudents');
    expect(find('POST /api/user/login/').operationId).toBe('login');
  });

  it('documents every error answer as problem JSON only, with the Problem schema or an extension of it', () => {
    const wrong: string[] = [];
    for (const { name, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!isError(status)) continue;
        // OneRoster's API and its token endpoint refuse in their own standards' JSON.
        if (ownFormat(path) && /^4\d\d$/.test(status) && status !== '429') {
          const schema = response.content?.['application/json']?.schema;
          if (
            Object.keys(response.content ?? {}).join() !== 'application/json' ||
            !schema?.properties?.[ownFormat(path)!]
          ) {
            wrong.push(`${name} ${status}: not in its own format`);
          }
          continue;
        }
        const types = Object.keys(response.content ?? {});
        if (types.join() !== PROBLEM_TYPE || !isProblemSchema(document, response)) {
          wrong.push(`${name} ${status}: ${types.join(', ')}`);
        }
      }
      expect(operation.responses, name).toHaveProperty('default');
    }
    expect(wrong).toEqual([]);
    expect(document.components.schemas['Problem']?.required).toEqual([
      'type',
      'title',
      'status',
      'detail',
    ]);
  });

  it('documents 204 answers without content, and every other success answer with its media type', () => {
    const noContent = operations.filter(({ operation }) => operation.responses['204']);
    expect(noContent.map(({ name }) => name).sort()).toEqual(
      [
        'POST /api/user/logout/',
        'DELETE /management/standard/{id}/',
        'DELETE /management/update_students/',
        'DELETE /api/message/{id}/',
        'DELETE /management/deleted/student/{id}/',
        'DELETE /api/staff/invitations/{id}/',
        'DELETE /api/user/sessions/{id}/',
        'POST /api/user/sessions/revoke-others/',
        'DELETE /api/api-clients/{id}/',
        'POST /api/user/mfa/totp/disable/',
        'DELETE /api/user/passkeys/{id}/',
        'DELETE /api/staff/{id}/mfa/',
      ].sort(),
    );
    for (const { name, operation } of noContent) {
      expect(operation.responses['204']?.content, name).toBeUndefined();
    }
    const successTypes = (name: string) => Object.keys(find(name).responses['200']?.content ?? {});
    expect(successTypes('GET /management/students/export/')).toEqual(['text/csv']);
    expect(successTypes('GET /api/events/')).toEqual(['text/event-stream']);
    expect(successTypes('GET /management/students/')).toEqual(['application/json']);
    expect(successTypes('GET /management/oneroster/export.zip')).toEqual(['application/zip']);
  });

  it('documents request bodies as the server takes them: the import as text/csv, marking read with none required', () => {
    const importBody = find('POST /management/students/import/').requestBody;
    expect(importBody?.required).toBe(true);
    expect(Object.keys(importBody?.content ?? {})).toEqual(['text/csv']);
    expect(importBody?.content['text/csv']?.schema?.type).toBe('string');
    expect(find('PATCH /api/message/{id}/read/').requestBody?.required).toBe(false);
    expect(find('DELETE /management/update_students/').requestBody?.required).toBe(false);
    expect(find('POST /management/standard/').requestBody?.required).toBe(true);
    for (const { name, method, operation } of operations) {
      if (method === 'GET') expect(operation.requestBody, name).toBeUndefined();
    }
  });

  it('documents 400 where input is checked, 413 and 415 where a body is taken, 404 where a path names a record', () => {
    const missing: string[] = [];
    for (const { name, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      const expected = new Set<string>();
      if (operation.requestBody || operation.parameters?.length) expected.add('400');
      if (operation.requestBody) ['413', '415'].forEach((status) => expected.add(status));
      const recordParameter = operation.parameters?.some(
        (parameter) =>
          parameter.in === 'path' &&
          (parameter.schema.type === 'integer' || parameter.schema.format === 'uuid'),
      );
      if (recordParameter) expected.add('404');
      for (const status of expected) {
        if (!statuses.includes(status)) missing.push(`${name} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(find('GET /healthz').responses)).toEqual(['200', 'default']);
    expect(find('POST /api/user/reset-password/{id}/{token}/').responses).not.toHaveProperty('404');
  });

  it("keeps a route's own words for its answers, and words a derived answer for what it derives from", () => {
    expect(
      find('POST /management/deleted/student/{id}/restore/').responses['404']?.description,
    ).toBe('Not in the bin');
    expect(find('GET /api/user/profile/').responses['401']?.description).toMatch(/access token/);
    expect(find('POST /api/user/login/').responses['401']?.description).not.toMatch(/token/);
    expect(find('GET /management/students/{id}/').responses['404']?.description).toMatch(/id/);
  });

  it('documents 429 with Retry-After on every rate-limited operation', () => {
    const limited = operations.filter(({ operation }) => operation.responses['429']);
    expect(limited.map(({ name }) => name).sort()).toEqual(
      [
        'POST /api/user/send_otp/',
        'POST /api/user/register/',
        'POST /api/user/invitation/',
        'POST /api/user/login/',
        'POST /api/user/send-reset-password-email/',
        'POST /api/user/reset-password/{id}/{token}/',
        'GET /api/events/',
        'POST /api/oauth/token',
        'POST /api/user/login/mfa/',
        'POST /api/user/login/mfa/totp/',
        'POST /api/user/login/mfa/totp/confirm/',
        'POST /api/user/passkey/options/',
        'POST /api/user/passkey/',
        'POST /api/user/oidc/start/',
        'POST /api/user/oidc/callback/',
        'POST /api/staff/invitations/',
      ].sort(),
    );
    for (const { name, operation } of limited) {
      expect(operation.responses['429']?.headers, name).toHaveProperty('retry-after');
    }
  });

  it('states the bounds the server enforces on limit and ids, and the server holds to them', async () => {
    const limit = find('GET /management/students/').parameters?.find((p) => p.name === 'limit');
    expect(limit?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: LIST_LIMIT_MAX });
    const id = find('GET /management/students/{id}/').parameters?.find((p) => p.name === 'id');
    expect(id).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1, maximum: ID_MAX },
    });
    const { headers } = await loginAs(t.database.db, t.config.jwtSecret);
    for (const url of [
      `/management/students/?limit=${LIST_LIMIT_MAX + 1}`,
      '/management/students/?limit=0',
      '/management/students/0/',
      `/management/students/${ID_MAX + 1}/`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(400);
    }
    const within = await t.app.inject({
      method: 'GET',
      url: `/management/students/?limit=${LIST_LIMIT_MAX}`,
      headers,
    });
    expect(within.statusCode).toBe(200);
  });

  it('names this deployment under servers, from APP_URL', () => {
    expect(document.servers).toEqual([
      { url: new URL(t.config.appUrl).origin, description: expect.any(String) },
    ]);
  });
});

/** The member that marks a refusal in the own error format of a path that has one. */
function ownFormat(path: string): string | undefined {
  if (path.startsWith(ONEROSTER_BASE_PATH)) return 'imsx_codeMajor';
  if (path === rosterPaths.oauthToken) return 'error';
  return undefined;
}

describe('a route added by a feature without knowing of the document', () => {
  let app: App;
  let document: ApiDocument;
  beforeAll(async () => {
    app = await buildApp(testConfig());
    app.withTypeProvider<ZodTypeProvider>().post(
      '/probe/:id/',
      {
        config: { rateLimit: { max: 100, timeWindow: 60_000 } },
        schema: {
          params: idParamsSchema,
          body: standardInputSchema,
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
    document = await documentOf(app);
  });
  afterAll(() => app.close());

  it('gets every answer its facts imply, as problem JSON, and is named for lacking an operationId', () => {
    const probe = document.paths['/probe/{id}/']?.['post'];
    expect(probe?.security).toEqual([]);
    expect(Object.keys(probe?.responses ?? {}).sort()).toEqual(
      ['200', '400', '404', '413', '415', '429', 'default'].sort(),
    );
    for (const status of ['400', '404', '413', '415', '429', 'default']) {
      expect(Object.keys(probe?.responses[status]?.content ?? {}), status).toEqual([PROBLEM_TYPE]);
    }
    expect(withoutOperationId(document)).toEqual(['POST /probe/{id}/']);
  });
});
