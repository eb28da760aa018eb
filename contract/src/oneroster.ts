import { z } from 'zod';
import {
  dataResponseSchema,
  idSchema,
  isoDateTimeSchema,
  listQuerySchema,
  listResponseSchema,
  noNulCharacter,
  singleLine,
  wellFormedText,
} from './common.js';

/**
 * Rosters other systems read (docs/oneroster.md): the OneRoster 1.2 export, the API clients
 * that read the OneRoster REST API, and the log of who received what. A module of its own, so
 * that only the screen that shows them carries these schemas.
 */

/** The one scope a client may ask for and be given: reading rosters. */
export const ONEROSTER_SCOPE = 'https://purl.imsglobal.org/spec/or/v1p2/scope/roster-core.readonly';
/** Where the OneRoster REST API's collections are, as OneRoster 1.2 names them. */
export const ONEROSTER_BASE_PATH = '/ims/oneroster/rostering/v1p2';
/** How long a client's access token lasts. */
export const CLIENT_TOKEN_SECONDS = 3_600;
/** How many records a page of the OneRoster REST API holds when `limit` is left out, and at most. */
export const ONEROSTER_LIMIT_DEFAULT = 100;
export const ONEROSTER_LIMIT_MAX = 1_000;

export const rosterPaths = {
  /** The OneRoster 1.2 CSV zip; `?since=` makes it a delta. */
  export: '/management/oneroster/export.zip',
  apiClients: '/api/api-clients/',
  apiClient: '/api/api-clients/:id/',
  /** Every export and read of rosters: who, when, what, how many. */
  accessLog: '/api/roster-access/',
  /** RFC 6749 client credentials: a client's bearer token for the OneRoster REST API. */
  oauthToken: '/api/oauth/token',
} as const;

export const rosterTexts = {
  title: 'Data sharing',
  intro:
    'Other systems (Google Classroom, Microsoft School Data Sync, reading apps) read the school’s classes, students, guardians and teachers as OneRoster 1.2: as a file you download, or through the API with a client of their own.',
  exportHeading: 'OneRoster export',
  exportAll: 'Download everything',
  exportSince: 'Download changes since',
  sinceLabel: 'Changes since',
  sinceRequired: 'Choose the date and time the last export was made.',
  exported: 'The OneRoster file has been downloaded.',
  exportFailed: 'The OneRoster file could not be made. Please try again.',
  clientsHeading: 'API clients',
  clientsEmpty: 'No API clients yet.',
  newClient: 'New API client',
  clientName: 'Name',
  clientNameHint: 'Who will use it, for example “Google Classroom sync”.',
  create: 'Create client',
  created: (name: string) => `API client “${name}” created.`,
  createFailed: 'The API client could not be created. Please try again.',
  secretOnce:
    'Copy the secret now: it is shown only this once. Whoever holds it can read the school’s rosters until the client is revoked.',
  clientIdLabel: 'Client id',
  clientSecretLabel: 'Client secret',
  tokenUrlLabel: 'Token URL',
  apiUrlLabel: 'OneRoster API',
  secretDone: 'I have copied the secret',
  revoke: 'Revoke',
  revokeTitle: (name: string) => `Revoke “${name}”?`,
  revokeQuestion:
    'Its tokens stop working at once, and it cannot get new ones. This cannot be undone: a system that still needs access gets a new client.',
  revoked: (name: string) => `API client “${name}” revoked.`,
  revokeFailed: 'The API client could not be revoked. Please try again.',
  revokedOn: (date: string) => `Revoked ${date}`,
  lastUsed: (date: string) => `Last used ${date}`,
  neverUsed: 'Never used',
  logHeading: 'Who received what',
  logIntro: 'Every export and every read of the OneRoster API, newest first.',
  logEmpty: 'Nothing has been shared yet.',
  logForStudent: 'Shared data of a student',
  logAllStudents: 'All students',
  logRecords: (records: number, students: number) =>
    `${records} ${records === 1 ? 'record' : 'records'}, ${students} ${students === 1 ? 'student' : 'students'}`,
  loadFailed: 'Failed to load. Please try again.',
  clientNameRequired: 'Give the client a name.',
  clientNameTooLong: 'A client’s name is at most 100 characters.',
  clientNameSingleLine: 'A client’s name must be on one line.',
  clientNotFound: 'No active API client has that id.',
  sinceInvalid: 'since must be a date and time in ISO 8601, such as 2026-09-01T00:00:00Z.',
  sinceInFuture: 'since must not be in the future.',
} as const;

export const apiClientNameSchema = z
  .string({ error: rosterTexts.clientNameRequired })
  .trim()
  .min(1, { error: rosterTexts.clientNameRequired })
  .max(100, { error: rosterTexts.clientNameTooLong })
  .refine(...singleLine(rosterTexts.clientNameSingleLine))
  .refine(...wellFormedText);

export const apiClientCreateSchema = z.strictObject({ name: apiClientNameSchema });

export const rosterActorSchema = z.object({
  kind: z.enum(['user', 'client']),
  id: z.number().int().nullable(),
  name: z.string(),
});

export const apiClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** What the client sends as its `client_id`. */
  client_id: z.string(),
  created_at: isoDateTimeSchema,
  created_by: z.string(),
  /** The last time it was given a token; null if never. */
  last_used_at: isoDateTimeSchema.nullable(),
  revoked_at: isoDateTimeSchema.nullable(),
});

/** A client as created: the one answer that holds its secret. */
export const apiClientCreatedSchema = apiClientSchema.extend({ client_secret: z.string() });

export const apiClientListResponseSchema = z.object({ data: z.array(apiClientSchema) });
export const apiClientCreatedResponseSchema = dataResponseSchema(apiClientCreatedSchema);

export const rosterExportQuerySchema = z.strictObject({
  since: z
    .union([isoDateTimeSchema, z.iso.date()], { error: rosterTexts.sinceInvalid })
    .optional()
    .describe(
      'Only what changed after this time (ISO 8601), with deletions as `tobedeleted`: a delta zip',
    ),
});

/** One export or read of rosters (docs/oneroster.md, "Who received what"). */
export const rosterAccessSchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  actor: rosterActorSchema,
  /** What was asked for: the export, or the API's path and query. */
  what: z.string(),
  /** How many records the answer held. */
  records: z.number().int(),
  /** How many students' data the answer held (their own records or their guardians'). */
  students: z.number().int(),
});

export const rosterAccessQuerySchema = listQuerySchema.extend({
  student: idSchema.optional().describe("Only the answers that held this student's data"),
});

export const rosterAccessListResponseSchema = listResponseSchema(rosterAccessSchema);

/** RFC 6749's token request; unknown parameters are ignored, as section 3.2 requires. */
export const oauthTokenRequestSchema = z.object({
  grant_type: z.string().max(100).optional(),
  scope: z.string().max(1000).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
});

export const oauthTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});

/** RFC 6749 section 5.2. */
export const oauthErrorSchema = z.object({
  error: z.enum([
    'invalid_request',
    'invalid_client',
    'invalid_grant',
    'unauthorized_client',
    'unsupported_grant_type',
    'invalid_scope',
  ]),
  error_description: z.string().optional(),
});

/** OneRoster's `imsx_StatusInfo`: what its clients read when a request fails. */
export const oneRosterStatusSchema = z.object({
  imsx_codeMajor: z.enum(['failure', 'success']),
  imsx_severity: z.enum(['error', 'warning', 'status']),
  imsx_description: z.string(),
  imsx_CodeMinor: z.object({
    imsx_codeMinorField: z.array(
      z.object({ imsx_codeMinorFieldName: z.string(), imsx_codeMinorFieldValue: z.string() }),
    ),
  }),
});

/** The query every OneRoster collection takes (OneRoster 1.2 REST binding, 3.4). */
export const oneRosterListQuerySchema = z.strictObject({
  limit: z
    .string()
    .regex(/^\d{1,7}$/)
    .optional()
    .describe(
      `How many records a page holds, 1 to ${ONEROSTER_LIMIT_MAX}; ${ONEROSTER_LIMIT_DEFAULT} when left out`,
    ),
  offset: z
    .string()
    .regex(/^\d{1,9}$/)
    .optional()
    .describe('How many records to skip'),
  sort: z.string().max(100).optional().describe('The field to sort by; sourcedId when left out'),
  orderBy: z.enum(['asc', 'desc']).optional(),
  filter: z
    .string()
    .max(2_000)
    .optional()
    .describe(
      "`field op 'value'` clauses joined by ` AND ` or ` OR `, op one of = != > >= < <= ~; e.g. `dateLastModified>'2026-09-01T00:00:00Z'`",
    ),
  fields: z
    .string()
    .max(2_000)
    .optional()
    .describe('The fields each record keeps, comma-separated'),
});

export const oneRosterOneQuerySchema = z.strictObject({
  fields: z.string().max(2_000).optional().describe('The fields the record keeps, comma-separated'),
});

export const sourcedIdParamsSchema = z.strictObject({
  sourcedId: z
    .string()
    .min(1)
    .max(255)
    .refine(...noNulCharacter),
});

const guidRef = z.object({ href: z.string(), sourcedId: z.string(), type: z.string() });
const status = z.enum(['active', 'tobedeleted']);
const base = { sourcedId: z.string(), status, dateLastModified: z.string() };

/** The OneRoster 1.2 records as the REST API writes them; `fields` may leave any out. */
export const oneRosterRecordSchemas = {
  org: z.object({
    ...base,
    name: z.string(),
    type: z.string(),
    identifier: z.string(),
  }),
  academicSession: z.object({
    ...base,
    title: z.string(),
    type: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    schoolYear: z.string(),
  }),
  course: z.object({
    ...base,
    title: z.string(),
    courseCode: z.string(),
    grades: z.array(z.string()),
    subjects: z.array(z.string()),
    org: guidRef,
  }),
  class: z.object({
    ...base,
    title: z.string(),
    classCode: z.string(),
    classType: z.string(),
    location: z.string(),
    grades: z.array(z.string()),
    subjects: z.array(z.string()),
    course: guidRef,
    school: guidRef,
    terms: z.array(guidRef),
  }),
  user: z.object({
    ...base,
    userMasterIdentifier: z.string(),
    username: z.string(),
    userIds: z.array(z.object({ type: z.string(), identifier: z.string() })),
    enabledUser: z.enum(['true', 'false']),
    givenName: z.string(),
    familyName: z.string(),
    middleName: z.string(),
    roles: z.array(z.object({ roleType: z.string(), role: z.string(), org: guidRef })),
    primaryOrg: guidRef,
    identifier: z.string(),
    email: z.string(),
    sms: z.string(),
    phone: z.string(),
    agents: z.array(guidRef),
    grades: z.array(z.string()),
  }),
  enrollment: z.object({
    ...base,
    user: guidRef,
    class: guidRef,
    school: guidRef,
    role: z.string(),
    primary: z.enum(['true', 'false']),
    beginDate: z.string(),
    endDate: z.string(),
  }),
} as const;

export type OneRosterRecordKind = keyof typeof oneRosterRecordSchemas;
export type OneRosterRecord<Kind extends OneRosterRecordKind> = z.infer<
  (typeof oneRosterRecordSchemas)[Kind]
>;
export type GuidRef = z.infer<typeof guidRef>;

export type ApiClient = z.infer<typeof apiClientSchema>;
export type ApiClientCreated = z.infer<typeof apiClientCreatedSchema>;
export type ApiClientCreate = z.input<typeof apiClientCreateSchema>;
export type RosterAccess = z.infer<typeof rosterAccessSchema>;
export type RosterAccessQuery = z.input<typeof rosterAccessQuerySchema>;
