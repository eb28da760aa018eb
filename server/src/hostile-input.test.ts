import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  tidyStandardName,
  ONEROSTER_BASE_PATH,
  apiPaths,
  buildPath,
  recordPaths,
  rosterPaths,
  type Standard,
  type Student,
} from '@um/contract';
import { signAccessToken } from './auth/access-token.js';
import { bearer, loginTokens } from './test/auth-helpers.js';
import { buildStandard, buildStudent, insertUser, unique } from './test/factories.js';
import { useGoogleKeys } from './test/google.js';
import { dialects, useTestApp } from './test/harness.js';
import { codeFrom, useSmtpCatcher } from './test/smtp-catcher.js';
import {
  assertNoLeak,
  hostileString,
  hostileValue,
  percentEncode,
  rawPathSegments,
  snapshot,
  stringsIn,
} from './test/hostile.js';

/**
 * Property tests (fast-check) over every endpoint of the OpenAPI document: whatever a client
 * sends, the answer is never a 5xx, every error is problem JSON, a refused request changes no
 * row, and no answer carries a stack trace or SQL. Then the edges a generator rarely finds on
 * its own (huge and deep bodies, wrong content types), and the other half of the promise: text
 * that looks like SQL or script is stored and given back exactly as it was sent.
 */

const PROBLEM = /^application\/problem\+json/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The validation library's and Fastify's own English, which no person may read in an answer. */
const LIBRARY_ENGLISH =
  /Invalid input|Too (big|small):|Unrecognized key|expected \w+ to (have|be)|Invalid (string|number|option|element|key|format)|^Body (cannot|is not)|must provide a|is not a valid url component/;

interface JsonSchema {
  properties?: Record<string, unknown>;
}

/** The members of a refusal in the error format of a path that has its own. */
function ownErrorFormat(path: string): string[] | undefined {
  if (path.startsWith(ONEROSTER_BASE_PATH)) return ['imsx_codeMajor', 'imsx_description'];
  if (path === rosterPaths.oauthToken) return ['error', 'error_description'];
  return undefined;
}

interface Route {
  method: Method;
  /** The OpenAPI path, with `{param}` placeholders. */
  path: string;
  fields: string[];
  hasBody: boolean;
}

interface Fixtures {
  headers: Record<string, string>;
  secret: string;
  refresh: string;
  userId: number;
  standard: Standard;
  student: Student;
  messageId: number;
  googleToken: string;
}

// Each test walks every endpoint with hundreds of requests: seconds on a quiet machine, and
// several times that on a busy one, so the suite's 20 s per test is too tight for them.
describe.each(dialects)('hostile input on %s', { timeout: 120_000 }, (dialect) => {
  const google = useGoogleKeys();
  const smtp = useSmtpCatcher();
  const t = useTestApp(dialect, () => ({
    google: { clientId: google.clientId, jwksUrl: google.jwksUrl },
    smtpUrl: smtp.url,
  }));
  const f = {} as Fixtures;
  let routes: Route[] = [];

  beforeAll(async () => {
    // An admin, whom no route refuses for their role: every body reaches its parser.
    const user = await insertUser(t.database.db, { role: 'admin' });
    const tokens = await loginTokens(t.app, user.email);
    const auth = bearer(tokens.access);
    const standard = await t.app.inject({
      method: 'POST',
      url: apiPaths.standards,
      headers: auth,
      payload: buildStandard(),
    });
    const student = await t.app.inject({
      method: 'POST',
      url: apiPaths.updateStudents,
      headers: auth,
      payload: buildStudent({ standard: standard.json().data.id }),
    });
    const message = await t.app.inject({
      method: 'POST',
      url: apiPaths.messages,
      headers: auth,
      payload: { content: 'Staff meeting at 3' },
    });
    Object.assign(f, {
      headers: auth,
      secret: t.config.jwtSecret,
      refresh: tokens.refresh,
      userId: user.id,
      standard: standard.json().data,
      student: student.json().data,
      messageId: message.json().data.id,
      googleToken: await google.sign(),
    });

    const spec = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema?: JsonSchema }> } }>
      >;
    };
    routes = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const schema = operation.requestBody?.content['application/json']?.schema;
        return {
          method: method.toUpperCase() as Method,
          path,
          fields: Object.keys(schema?.properties ?? {}),
          // A JSON body: the import takes CSV, and has hostile cases of its own.
          hasBody: schema !== undefined,
        };
      }),
    );
  });

  /** A body the route accepts, so that mutating one field reaches past validation. */
  function validBody(route: Route): Record<string, unknown> | undefined {
    const password = 'a new password 1';
    const key = `${route.method} ${route.path}`;
    const bodies: Record<string, Record<string, unknown>> = {
      'POST /api/user/login/': { email: `${unique('x')}@school.test`, password: 'not it at all' },
      'POST /api/user/register/': {
        name: 'New Staff',
        email: `${unique('x')}@school.test`,
        password,
        password2: password,
        tc: true,
        otp: '123456',
      },
      'POST /api/user/send_otp/': { email: `${unique('x')}@school.test` },
      'POST /api/user/send-reset-password-email/': { email: `${unique('x')}@school.test` },
      'POST /api/user/changepassword/': {
        current_password: 'not the current one',
        password,
        password2: password,
      },
      'POST /api/user/reset-password/{id}/{token}/': { password, password2: password },
      'POST /api/user/social/google/': { token: f.googleToken },
      'POST /api/user/social/google/register/': { token: f.googleToken },
      'POST /api/user/refresh_token/': { refresh: randomBytes(32).toString('base64url') },
      'POST /api/user/logout/': { refresh: randomBytes(32).toString('base64url') },
      'POST /management/standard/': buildStandard(),
      'PUT /management/standard/{id}/': buildStandard(),
      'POST /management/update_students/': buildStudent({ standard: f.standard.id }),
      'PUT /management/update_students/': {
        ...buildStudent({ standard: f.standard.id }),
        id: f.student.id,
      },
      'DELETE /management/update_students/': { id: f.student.id },
      'POST /api/message/': { content: 'Lunch is served' },
      'PATCH /api/message/{id}/read/': {},
    };
    return bodies[key];
  }

  const encodedIdSegment = fc.oneof(
    fc
      .constantFrom('standard', 'student', 'message')
      .map((kind) =>
        String(
          kind === 'standard' ? f.standard.id : kind === 'student' ? f.student.id : f.messageId,
        ),
      ),
    fc.integer().map(String),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
    fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', ' 1', '2147483648', 'NaN', 'null'),
    hostileString.map(percentEncode),
  );
  const idSegment = fc.oneof(encodedIdSegment, fc.constantFrom(...rawPathSegments));

  const queryString = fc.oneof(
    fc.constant(''),
    fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom('limit', 'cursor', 'standard', 'q', 'id'), hostileString),
          fc.oneof(hostileString, fc.integer().map(String), fc.constantFrom('', '0', '201', '-5')),
        ),
        { maxLength: 4 },
      )
      .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')),
    fc.constantFrom('%', 'q=%zz', 'limit=1&limit=2', 'q[]=a', 'q[a]=b', '&&&', '=x', 'q=%00'),
  );

  const authorization = fc.oneof(
    { weight: 6, arbitrary: fc.constant('valid') },
    fc.constant('none'),
    fc.constantFrom('expired', 'other-secret', 'alg-none', 'unknown-user', 'refresh-as-bearer'),
    fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map((text) => `raw:${text}`),
  );

  async function authHeader(kind: string): Promise<Record<string, string>> {
    const now = Math.floor(Date.now() / 1000);
    const token = async (secret: string, claims: Record<string, unknown>, iat = now) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('user-management')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 900)
        .sign(new TextEncoder().encode(secret));
    switch (kind) {
      case 'valid':
        return f.headers;
      case 'none':
        return {};
      case 'expired':
        return bearer(await token(f.secret, { typ: 'access', sub: String(f.userId) }, now - 3600));
      case 'other-secret':
        return bearer(await token('x'.repeat(40), { typ: 'access', sub: String(f.userId) }));
      case 'alg-none':
        return bearer(new UnsecuredJWT({ typ: 'access', sub: String(f.userId) }).encode());
      case 'unknown-user':
        return bearer(
          await signAccessToken(f.secret, {
            userId: 2_000_000_000,
            tokenVersion: 0,
            sessionId: '00000000-0000-4000-8000-000000000000',
          }),
        );
      case 'refresh-as-bearer':
        return bearer(f.refresh);
      default:
        return { authorization: kind.slice('raw:'.length) };
    }
  }

  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=utf-16',
      '*/*',
      '',
    ),
  );

  /** What the route gets as a body: anything, its fields with wrong values, or one bad field. */
  const body = (route: Route) =>
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(
        fc.oneof(
          fc.constantFrom(...(route.fields.length > 0 ? route.fields : ['x'])),
          hostileString,
        ),
        hostileValue,
        { maxKeys: 6 },
      ),
      fc
        .tuple(
          fc.constantFrom(...(route.fields.length > 0 ? route.fields : ['x']), 'is_admin', 'id'),
          hostileValue,
        )
        .map(([field, value]) => ({ ...validBody(route), [field]: value })),
    );

  const sent = new Set<string>();

  async function send(request: {
    route: Route;
    params: string[];
    query: string;
    auth: string;
    contentType: string;
    payload: unknown;
  }): Promise<{ response: LightMyRequestResponse; before: string }> {
    let index = 0;
    const path = request.route.path.replace(/\{[a-z]+\}/g, () => request.params[index++] ?? '1');
    const url = request.query ? `${path}?${request.query}` : path;
    const headers: Record<string, string> = { ...(await authHeader(request.auth)) };
    const withBody = request.route.hasBody && request.payload !== undefined;
    if (withBody && request.contentType) headers['content-type'] = request.contentType;
    for (const text of [
      url,
      path,
      ...request.params,
      // A 400 names an unknown query field, so each name and value counts as sent on its own.
      ...[...new URLSearchParams(request.query)].flat(),
      ...Object.values(headers),
      ...stringsIn(request.payload),
    ]) {
      sent.add(text);
      try {
        sent.add(decodeURIComponent(text));
      } catch {
        // Not valid percent-encoding: it was sent as it is.
      }
    }
    const before = await snapshot(t.database.db);
    const response = await t.app.inject({
      method: request.route.method,
      url,
      headers,
      ...(withBody ? { payload: JSON.stringify(request.payload) } : {}),
    });
    return { response, before };
  }

  /** The promises every answer keeps, whatever was asked. */
  async function expectSafe(response: LightMyRequestResponse, before: string, route?: Route) {
    const where = `${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, where).toBeLessThan(500);
    assertNoLeak(response.body, sent);
    if (response.statusCode < 400) return;
    // OneRoster's API and its token endpoint refuse in their own standards' JSON
    // (docs/oneroster.md); a 429 is problem JSON there too.
    const ownFormat = route && response.statusCode !== 429 && ownErrorFormat(route.path);
    if (ownFormat) {
      expect(response.headers['content-type'], where).toMatch(/^application\/json/);
      expect(Object.keys(response.json()), where).toEqual(expect.arrayContaining(ownFormat));
      expect(
        await snapshot(t.database.db),
        `a refused request changed the database: ${where}`,
      ).toBe(before);
      return;
    }
    expect(response.headers['content-type'], where).toMatch(PROBLEM);
    const problem = response.json();
    expect(problem, where).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status: response.statusCode,
      detail: expect.any(String),
    });
    for (const text of [problem.detail, ...Object.values(problem.errors ?? {}).flat()]) {
      expect(text, where).not.toMatch(LIBRARY_ENGLISH);
    }
    expect(await snapshot(t.database.db), `a refused request changed the database: ${where}`).toBe(
      before,
    );
  }

  it('lists every API path of the contract in the OpenAPI document the properties walk', () => {
    const documented = new Set(routes.map((route) => route.path.replace(/\{(\w+)\}/g, ':$1')));
    for (const path of [...Object.values(apiPaths), ...Object.values(recordPaths)]) {
      expect(documented, path).toContain(path);
    }
  });

  it('answers generated bodies, query strings, path ids and headers on every endpoint without a 5xx, with problem JSON for every error, storing nothing for a refused request and leaking nothing', async () => {
    // A valid caller of the event stream gets a stream that never ends, which `inject` would
    // wait for; its refusals are walked below and in events.test.ts.
    const ending = routes.filter((route) => route.path !== apiPaths.events);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ending).chain((route) =>
          fc.record({
            route: fc.constant(route),
            params: fc.array(idSegment, { minLength: 2, maxLength: 2 }),
            query: queryString,
            auth: authorization,
            contentType,
            payload: fc.option(body(route), { freq: 6, nil: undefined }),
          }),
        ),
        async (request) => {
          const { response, before } = await send(request);
          await expectSafe(response, before, request.route);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses every request of an anonymous caller on a protected endpoint with 401 problem JSON, before reading its body', async () => {
    const isProtected = (route: Route) =>
      route.path.startsWith('/management/') ||
      route.path.startsWith('/api/message/') ||
      route.path === apiPaths.profile ||
      route.path === apiPaths.changePassword ||
      route.path === apiPaths.events;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes.filter(isProtected)).chain((route) =>
          fc.record({
            route: fc.constant(route),
            params: fc.array(encodedIdSegment, { minLength: 2, maxLength: 2 }),
            query: queryString,
            auth: fc.constantFrom(
              'none',
              'expired',
              'other-secret',
              'alg-none',
              'unknown-user',
              'refresh-as-bearer',
            ),
            contentType,
            payload: body(route),
          }),
        ),
        async (request) => {
          const { response, before } = await send(request);
          // A path part over the router's limit matches no route, protected or not: Fastify
          // refuses it before anything else runs.
          const placeholders = request.route.path.match(/\{[a-z]+\}/g)?.length ?? 0;
          const tooLong = request.params
            .slice(0, placeholders)
            .some(
              (param) => decodeURIComponent(param).length > t.app.initialConfig.maxParamLength!,
            );
          if (tooLong) {
            expect(response.statusCode, response.body).toBe(414);
          } else {
            expect(response.statusCode, response.body).toBe(401);
            expect(response.headers['www-authenticate']).toBe('Bearer');
          }
          await expectSafe(response, before);
        },
      ),
      { numRuns: 150 },
    );
  });

  const writeRoutes = () => routes.filter((route) => route.hasBody);

  /** Sends a raw body with the route's valid-looking path, as the signed-in fixture user. */
  async function sendRaw(route: Route, payload: string | Buffer, type: string | undefined) {
    const id = String(route.path.includes('message') ? f.messageId : f.standard.id);
    const path = route.path.replace('{id}', id).replace('{token}', 'x');
    const before = await snapshot(t.database.db);
    const response = await t.app.inject({
      method: route.method,
      url: path,
      headers: { ...f.headers, ...(type === undefined ? {} : { 'content-type': type }) },
      payload,
    });
    return { response, before };
  }

  it('refuses a body over 100 kB on every endpoint that takes one with a 413 problem, storing nothing', async () => {
    for (const route of writeRoutes()) {
      const huge = JSON.stringify({ ...validBody(route), padding: 'x'.repeat(101 * 1024) });
      const { response, before } = await sendRaw(route, huge, 'application/json');
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(413);
      await expectSafe(response, before);
    }
  });

  it('refuses JSON nested 10 000 deep, in arrays and in objects, with a 400 problem on every endpoint that takes a body', async () => {
    const depth = 10_000;
    const deepArray = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const deepObject = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const deepField = `{"content":${deepArray},"name":${deepObject}}`;
    for (const route of writeRoutes()) {
      for (const payload of [deepArray, deepObject, deepField]) {
        const { response, before } = await sendRaw(route, payload, 'application/json');
        expect(response.statusCode, `${route.method} ${route.path}`).toBe(400);
        await expectSafe(response, before);
      }
    }
  });

  it('refuses bodies that are not JSON, or JSON mislabelled, with a 4xx problem on every endpoint that takes a body', async () => {
    const cases: [string | Buffer, string | undefined][] = [
      ['name=A&grade_level=2', 'application/x-www-form-urlencoded'],
      [
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
        'multipart/form-data; boundary=x',
      ],
      ['<standard><name>A</name></standard>', 'application/xml'],
      ['{"content": "plain"}', 'text/plain'],
      ['{"content": "none"}', undefined],
      [Buffer.from('{"content":"utf16"}', 'utf16le'), 'application/json; charset=utf-16le'],
      ['', 'application/json'],
      ['{"content": "unterminated', 'application/json'],
      ['{"__proto__": {"admin": true}}', 'application/json'],
      ['{"constructor": {"prototype": {"admin": true}}}', 'application/json'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x7b]), 'application/json'],
    ];
    for (const route of writeRoutes()) {
      for (const [payload, type] of cases) {
        const { response, before } = await sendRaw(route, payload, type);
        const where = `${route.method} ${route.path} ${String(type)}: ${response.body}`;
        expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
        await expectSafe(response, before);
      }
    }
  });

  it('answers a path that is not valid percent-encoding with a 400 problem, and a path id over 100 characters with a 414 problem, both with the security headers', async () => {
    for (const [url, status] of [
      ['/management/standard/%E0%A4%A/', 400],
      [`/management/standard/${'9'.repeat(101)}/`, 414],
      [`/api/user/reset-password/${'a'.repeat(101)}/x/`, 414],
    ] as const) {
      const before = await snapshot(t.database.db);
      const response = await t.app.inject({
        method: url.includes('reset') ? 'POST' : 'GET',
        url,
        headers: f.headers,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      await expectSafe(response, before);
    }
  });

  it('names unknown fields called like Object.prototype members in a 400 problem, like any other', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__x']) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPaths.messages,
        headers: f.headers,
        payload: { content: 'x', [key]: false },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual({ [key]: [`Unknown field: ${key}.`] });
    }
  });

  /** Text the schemas accept: they trim it, and refuse NUL and unpaired surrogates. */
  const storable = (max: number) =>
    hostileString
      .map((text) => text.replaceAll('\u0000', '').replace(LONE_SURROGATE, ''))
      .filter((text) => text.trim().length > 0 && text.trim().length <= max);
  /** What a single-line field stores: the same, with its control characters as spaces. */
  const storableLine = (max: number) =>
    hostileString
      .map((text) => text.replace(/[\p{Cc}\u2028\u2029]/gu, ' ').replace(LONE_SURROGATE, ''))
      .filter((text) => text.trim().length > 0 && text.trim().length <= max);

  /**
   * What a person's name stores, a student's or a staff member's: a single line without format
   * characters (Unicode Cf), with something to see in it; the contract refuses the rest with a
   * 400 naming the field.
   */
  const storableName = (max: number) =>
    storableLine(max)
      .map((text) => text.replace(/\p{Cf}/gu, ' '))
      .filter((text) =>
        /(?![\u115F\u1160\u3164\uFFA0\u2800])[\p{L}\p{N}\p{M}\p{P}\p{S}]/u.test(text),
      );

  it('stores SQL, script and Unicode payloads and gives them back exactly as sent, trimmed, in every field that keeps text', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          standardName: storableLine(90),
          description: storable(1000),
          studentName: storableName(100),
          rollNumber: storableLine(20),
          address: storable(500),
          content: storable(5000),
        }),
        async (text) => {
          round += 1;
          // Standard names are unique per year; the suffix keeps each round's apart.
          const standardName = `${text.standardName.trim()} ${round}`;
          const standard = await t.app.inject({
            method: 'POST',
            url: apiPaths.standards,
            headers: f.headers,
            payload: { name: standardName, grade_level: 3, description: text.description },
          });
          expect(standard.statusCode, standard.body).toBe(201);
          const standardId: number = standard.json().data.id;
          const shown = await t.app.inject({
            method: 'GET',
            url: buildPath(apiPaths.standard, { id: standardId }),
            headers: f.headers,
          });
          // A standard's name is kept with its spaces collapsed, the form names are compared in.
          expect(shown.json().data).toMatchObject({
            name: tidyStandardName(standardName),
            description: text.description.trim(),
          });

          const student = await t.app.inject({
            method: 'POST',
            url: apiPaths.updateStudents,
            headers: f.headers,
            payload: {
              name: text.studentName,
              email: `${unique('s')}@pupils.test`,
              roll_number: text.rollNumber,
              standard: standardId,
              address: text.address,
            },
          });
          expect(student.statusCode, student.body).toBe(201);
          const stored = {
            name: text.studentName.trim(),
            roll_number: text.rollNumber.trim(),
            address: text.address.trim(),
          };
          const studentId: number = student.json().data.id;
          const one = await t.app.inject({
            method: 'GET',
            url: buildPath(apiPaths.student, { id: studentId }),
            headers: f.headers,
          });
          expect(one.json().data).toMatchObject(stored);
          const found = await t.app.inject({
            method: 'GET',
            url: `${apiPaths.students}?standard=${standardId}&q=${percentEncode(stored.name)}`,
            headers: f.headers,
          });
          expect(found.statusCode, found.body).toBe(200);
          expect(found.json().data).toEqual([
            expect.objectContaining({ id: studentId, ...stored }),
          ]);

          const message = await t.app.inject({
            method: 'POST',
            url: apiPaths.messages,
            headers: f.headers,
            payload: { content: text.content },
          });
          expect(message.statusCode, message.body).toBe(201);
          const inbox = await t.app.inject({
            method: 'GET',
            url: `${apiPaths.messages}?limit=1`,
            headers: f.headers,
          });
          expect(inbox.json().data[0]).toMatchObject({
            id: message.json().data.id,
            content: text.content.trim(),
          });
        },
      ),
      { numRuns: 60 },
    );
    const tables = await t.database.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(tables.n)).toBeGreaterThanOrEqual(60);
  });

  it('finds a student by any part of the name as stored, however hostile the search text', async () => {
    const standard = await t.app.inject({
      method: 'POST',
      url: apiPaths.standards,
      headers: f.headers,
      payload: buildStandard(),
    });
    const standardId: number = standard.json().data.id;
    await fc.assert(
      fc.asyncProperty(storableName(100), fc.nat(), fc.nat(), async (name, from, length) => {
        const created = await t.app.inject({
          method: 'POST',
          url: apiPaths.updateStudents,
          headers: f.headers,
          payload: buildStudent({ name, standard: standardId }),
        });
        expect(created.statusCode, created.body).toBe(201);
        const stored = [...name.trim()];
        const start = from % stored.length;
        const part = stored.slice(start, start + 1 + (length % (stored.length - start))).join('');
        const search = await t.app.inject({
          method: 'GET',
          url: `${apiPaths.students}?standard=${standardId}&limit=200&q=${percentEncode(part)}`,
          headers: f.headers,
        });
        if (part.trim().length === 0) return;
        expect(search.statusCode, search.body).toBe(200);
        const ids = search.json().data.map((row: Student) => row.id);
        expect(ids, `q=${JSON.stringify(part)}`).toContain(created.json().data.id);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses half a surrogate pair in every field that keeps text with a 400 naming the field', async () => {
    const half = 'a\uD800b';
    const student = (field: string) => buildStudent({ standard: f.standard.id, [field]: half });
    const password = 'long enough';
    const cases: [string, object, string][] = [
      [apiPaths.standards, buildStandard({ name: half }), 'name'],
      [apiPaths.standards, buildStandard({ description: half }), 'description'],
      [apiPaths.updateStudents, student('name'), 'name'],
      [apiPaths.updateStudents, student('roll_number'), 'roll_number'],
      [apiPaths.updateStudents, student('address'), 'address'],
      [apiPaths.messages, { content: '\uDC00 alone' }, 'content'],
      [
        apiPaths.register,
        {
          name: half,
          email: 'a@school.test',
          password,
          password2: password,
          tc: true,
          otp: '123456',
        },
        'name',
      ],
    ];
    for (const [url, payload, field] of cases) {
      const before = await snapshot(t.database.db);
      const response = await t.app.inject({ method: 'POST', url, headers: f.headers, payload });
      expect(response.statusCode, `${url} ${field}: ${response.body}`).toBe(400);
      expect(response.json().errors).toHaveProperty(field);
      await expectSafe(response, before);
    }
  });

  it('reads bytes that are not UTF-8 as U+FFFD, and gives back the same text on both databases', async () => {
    const payload = Buffer.concat([
      Buffer.from('{"content":"a'),
      Buffer.from([0xc0, 0x80, 0xff]),
      Buffer.from('b"}'),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.messages,
      headers: { ...f.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.content).toBe('a\uFFFD\uFFFD\uFFFDb');
    const inbox = await t.app.inject({ method: 'GET', url: apiPaths.messages, headers: f.headers });
    expect(inbox.json().data[0].content).toBe('a\uFFFD\uFFFD\uFFFDb');
  });

  it('signs up staff whose names are SQL, script or Unicode payloads and shows each name exactly as sent, trimmed', async () => {
    await fc.assert(
      fc.asyncProperty(storableName(100), async (name) => {
        const email = `${unique('hostile')}@school.test`;
        expect(
          (await t.app.inject({ method: 'POST', url: apiPaths.sendOtp, payload: { email } }))
            .statusCode,
        ).toBe(200);
        const [mail] = await smtp.waitForMails(email);
        const password = 'a long password';
        const registered = await t.app.inject({
          method: 'POST',
          url: apiPaths.register,
          payload: { name, email, password, password2: password, tc: true, otp: codeFrom(mail!) },
        });
        expect(registered.statusCode, registered.body).toBe(201);
        const profile = await t.app.inject({
          method: 'GET',
          url: apiPaths.profile,
          headers: bearer(registered.json().token.access),
        });
        expect(profile.json()).toMatchObject({ email, name: name.trim() });
        const posted = await t.app.inject({
          method: 'POST',
          url: apiPaths.messages,
          headers: bearer(registered.json().token.access),
          payload: { content: 'hello' },
        });
        expect(posted.json().data.sender).toBe(name.trim());
      }),
      { numRuns: 15 },
    );
  });
});
