import type { FastifyError, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ONEROSTER_BASE_PATH,
  ONEROSTER_SCOPE,
  oneRosterListQuerySchema,
  oneRosterOneQuerySchema,
  oneRosterRecordSchemas,
  oneRosterStatusSchema,
  sourcedIdParamsSchema,
  type OneRosterRecordKind,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { bearerToken } from '../http/access.js';
import { recordAccess } from './access-log.js';
import { clientOfToken } from './clients.js';
import { readDelta } from './delta.js';
import {
  OneRosterError,
  changedSince,
  linkHeader,
  matches,
  pageOf,
  parseFilter,
  selectFields,
} from './query.js';
import { rosterReader, type Entry, type Roster } from './roster.js';
import { rosterSettings } from './routes.js';

/**
 * The OneRoster 1.2 rostering REST API, read-only (docs/oneroster.md, "The REST API"): the
 * collections of the zip's records under /ims/oneroster/rostering/v1p2/, each with its
 * record by sourcedId. Only an API client's bearer token opens it, never a staff member's
 * (decision 0070); its answers and its refusals are OneRoster's JSON.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The API client a OneRoster request came from, set by its authentication. */
    rosterClient?: { id: number; name: string };
  }
}

/** The security scheme of the OneRoster API, for the API document. */
export const oneRosterSecurityScheme = (appUrl: string) => ({
  oneRosterClient: {
    type: 'oauth2',
    description:
      'A bearer token an API client gets from POST /api/oauth/token with its client id and secret (client credentials); it lasts an hour.',
    flows: {
      clientCredentials: {
        tokenUrl: `${new URL(appUrl).origin}/api/oauth/token`,
        scopes: { [ONEROSTER_SCOPE]: 'Read the rosters' },
      },
    },
  },
});

const statusInfo = (codeMinor: string, description: string) => ({
  imsx_codeMajor: 'failure' as const,
  imsx_severity: 'error' as const,
  imsx_description: description,
  imsx_CodeMinor: {
    imsx_codeMinorField: [
      { imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: codeMinor },
    ],
  },
});

function sendStatus(reply: FastifyReply, status: number, codeMinor: string, description: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(statusInfo(codeMinor, description));
}

interface Collection {
  path: string;
  kind: OneRosterRecordKind;
  /** The collection's wrapper and a record's, as OneRoster names them. */
  many: string;
  one: string;
  operation: string;
  operationOne: string;
  summary: string;
  /** Only records this holds for: the schools among orgs, the students among users. */
  only?: (record: Record<string, unknown>) => boolean;
  entries: (
    roster: Pick<
      Roster,
      'orgs' | 'academicSessions' | 'courses' | 'classes' | 'users' | 'enrollments'
    >,
  ) => Entry[];
}

const hasRole = (role: string) => (record: Record<string, unknown>) =>
  Array.isArray(record['roles']) &&
  (record['roles'] as { role?: string }[]).some((item) => item.role === role);

const collections: Collection[] = [
  {
    path: 'orgs',
    kind: 'org',
    many: 'orgs',
    one: 'org',
    operation: 'getAllOrgs',
    operationOne: 'getOrg',
    summary: 'Orgs: the school',
    entries: (r) => r.orgs,
  },
  {
    path: 'schools',
    kind: 'org',
    many: 'orgs',
    one: 'org',
    operation: 'getAllSchools',
    operationOne: 'getSchool',
    summary: 'Schools: the school',
    entries: (r) => r.orgs,
    only: (record) => record['type'] === 'school',
  },
  {
    path: 'academicSessions',
    kind: 'academicSession',
    many: 'academicSessions',
    one: 'academicSession',
    operation: 'getAllAcademicSessions',
    operationOne: 'getAcademicSession',
    summary: 'Academic sessions: one school year per academic year',
    entries: (r) => r.academicSessions,
  },
  {
    path: 'courses',
    kind: 'course',
    many: 'courses',
    one: 'course',
    operation: 'getAllCourses',
    operationOne: 'getCourse',
    summary: 'Courses: one per grade level',
    entries: (r) => r.courses,
  },
  {
    path: 'classes',
    kind: 'class',
    many: 'classes',
    one: 'class',
    operation: 'getAllClasses',
    operationOne: 'getClass',
    summary: 'Classes: one per standard',
    entries: (r) => r.classes,
  },
  {
    path: 'users',
    kind: 'user',
    many: 'users',
    one: 'user',
    operation: 'getAllUsers',
    operationOne: 'getUser',
    summary: 'Users: students, guardians and teachers',
    entries: (r) => r.users,
  },
  {
    path: 'students',
    kind: 'user',
    many: 'users',
    one: 'user',
    operation: 'getAllStudents',
    operationOne: 'getStudentUser',
    summary: 'Students',
    entries: (r) => r.users,
    only: hasRole('student'),
  },
  {
    path: 'teachers',
    kind: 'user',
    many: 'users',
    one: 'user',
    operation: 'getAllTeachers',
    operationOne: 'getTeacher',
    summary: 'Teachers',
    entries: (r) => r.users,
    only: hasRole('teacher'),
  },
  {
    path: 'enrollments',
    kind: 'enrollment',
    many: 'enrollments',
    one: 'enrollment',
    operation: 'getAllEnrollments',
    operationOne: 'getEnrollment',
    summary: 'Enrollments: students and teachers in classes',
    entries: (r) => r.enrollments,
  },
];

export function oneRosterRestRoutes(app: ZodApp, context: AppContext): void {
  const { db } = context.database;
  const settings = rosterSettings(context);
  const readRoster = rosterReader(settings);
  const tags = ['oneroster-rostering'];
  const security = [{ oneRosterClient: [ONEROSTER_SCOPE] }];
  const unauthorized = () =>
    new OneRosterError(
      401,
      'unauthorisedrequest',
      'A valid bearer token of an API client is required.',
    );

  app.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, security, errorFormat: oneRosterStatusSchema };
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const client = await clientOfToken(db, bearerToken(request));
    if (!client) throw unauthorized();
    request.rosterClient = client;
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof OneRosterError) {
      if (error.status === 401) {
        reply.header('www-authenticate', 'Bearer realm="OneRoster", error="invalid_token"');
      }
      return sendStatus(reply, error.status, error.codeMinor, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation
        .map((issue) => `${issue.instancePath.replace(/^\//, '') || 'query'}: ${issue.message}`)
        .join(' ');
      return sendStatus(reply, 400, 'invaliddata', detail);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && status !== 429) {
      return sendStatus(reply, status, 'invaliddata', 'The request could not be read.');
    }
    // Anything else is the server's: the app's own handler answers and logs it.
    throw error;
  });

  const clientOf = (request: FastifyRequest) => {
    if (!request.rosterClient) throw unauthorized();
    return request.rosterClient;
  };
  const what = (request: FastifyRequest) => `GET ${request.url}`;

  for (const collection of collections) {
    const schema = oneRosterRecordSchemas[collection.kind];
    const item = schema.partial();
    const errors = {
      400: oneRosterStatusSchema.describe(
        'The query is not valid: `imsx_codeMinor` says which part',
      ),
      401: oneRosterStatusSchema.describe(
        'No valid bearer token of an API client was sent (`WWW-Authenticate: Bearer`)',
      ),
    };

    app.get(
      `${ONEROSTER_BASE_PATH}/${collection.path}`,
      {
        schema: {
          tags,
          operationId: collection.operation,
          summary: `${collection.summary}, paged with limit and offset (X-Total-Count, Link)`,
          querystring: oneRosterListQuerySchema,
          response: {
            200: z.object({ [collection.many]: z.array(item) }).meta({
              description: 'A page of the records',
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const client = clientOf(request);
        const filter = parseFilter(request.query.filter, schema);
        const since = changedSince(filter);
        const roster = await readRoster(db);
        let entries = collection.entries(roster);
        if (since !== undefined) {
          const delta = await readDelta(db, roster, settings, since);
          entries = [...delta.changed, ...delta.deleted].filter(
            (entry) => entry.kind === collection.kind,
          );
        }
        const only = collection.only;
        const found = entries.filter(
          (entry) =>
            (!only || only(entry.record as unknown as Record<string, unknown>)) &&
            matches(filter, entry.record),
        );
        const select = selectFields(request.query.fields, schema);
        const byId = new Map(found.map((entry) => [entry.record, entry]));
        const page = pageOf(
          found.map((entry) => entry.record),
          request.query,
          schema,
        );
        const shown = page.items.map((record) => byId.get(record)!);
        await recordAccess(db, {
          actor: { kind: 'client', clientId: client.id, name: client.name },
          what: what(request),
          records: shown.length,
          studentIds: shown.flatMap((entry) => entry.students),
        });
        const url = new URL(request.url, new URL(settings.appUrl).origin);
        return reply
          .header('x-total-count', String(page.total))
          .header('link', linkHeader(url, page))
          .send({ [collection.many]: page.items.map(select) });
      },
    );

    app.get(
      `${ONEROSTER_BASE_PATH}/${collection.path}/:sourcedId`,
      {
        schema: {
          tags,
          operationId: collection.operationOne,
          summary: `One of ${collection.summary.charAt(0).toLowerCase()}${collection.summary.slice(1)}, by sourcedId`,
          params: sourcedIdParamsSchema,
          querystring: oneRosterOneQuerySchema,
          response: {
            200: z.object({ [collection.one]: item }).meta({ description: 'The record' }),
            ...errors,
            404: oneRosterStatusSchema.describe('No record has that sourcedId'),
          },
        },
      },
      async (request, reply) => {
        const client = clientOf(request);
        const select = selectFields(request.query.fields, schema);
        const roster = await readRoster(db);
        const only = collection.only;
        const entry = collection
          .entries(roster)
          .find(
            (candidate) =>
              candidate.record.sourcedId === request.params.sourcedId &&
              (!only || only(candidate.record as unknown as Record<string, unknown>)),
          );
        if (!entry) {
          throw new OneRosterError(
            404,
            'unknownobject',
            `No ${collection.one} has that sourcedId.`,
          );
        }
        await recordAccess(db, {
          actor: { kind: 'client', clientId: client.id, name: client.name },
          what: what(request),
          records: 1,
          studentIds: entry.students,
        });
        return reply.send({ [collection.one]: select(entry.record) });
      },
    );
  }
}
