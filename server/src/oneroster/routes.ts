import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  apiClientCreateSchema,
  apiClientCreatedResponseSchema,
  apiClientListResponseSchema,
  idParamsSchema,
  problemSchema,
  rosterAccessListResponseSchema,
  rosterAccessQuerySchema,
  rosterExportQuerySchema,
  rosterPaths,
  rosterTexts,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { nowIso } from '../db/time.js';
import { currentUserId } from '../http/access.js';
import { badRequest, notFound } from '../http/problem.js';
import { listAccess, recordAccess } from './access-log.js';
import { createClient, listClients, revokeClient } from './clients.js';
import { csvFiles } from './csv.js';
import { readDelta, withReferences } from './delta.js';
import { entriesOf, readRoster, type RosterSettings } from './roster.js';
import { zipStream } from './zip.js';

const tags = ['oneroster'];

/** The settings a roster is made with, from the server's configuration. */
export const rosterSettings = ({ config }: AppContext): RosterSettings => ({
  appUrl: config.appUrl,
  schoolName: config.schoolName,
});

/**
 * An admin's side of rosters (docs/oneroster.md): the OneRoster zip, the API clients, and the
 * log of who received what.
 */
export function oneRosterAdminRoutes(app: ZodApp, context: AppContext): void {
  const { db } = context.database;
  const settings = rosterSettings(context);

  app.get(
    rosterPaths.export,
    {
      config: { requires: 'roster:share' },
      schema: {
        tags,
        operationId: 'exportOneRoster',
        summary:
          "The school's rosters as a OneRoster 1.2 CSV zip: everything, or with `since` only what changed after that time",
        querystring: rosterExportQuerySchema,
        produces: ['application/zip'],
        response: {
          // Streamed as it is deflated; the document shows the bytes it carries.
          200: z.instanceof(Readable).meta({
            type: 'string',
            format: 'binary',
            description:
              'A zip of manifest.csv and the OneRoster 1.2 files (orgs, academicSessions, courses, classes, users, roles, enrollments, demographics)',
          }),
          400: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { since: asked } = request.query;
      const since = asked === undefined ? undefined : new Date(asked);
      if (since && since.getTime() > Date.now()) {
        throw badRequest(rosterTexts.sinceInFuture, { since: [rosterTexts.sinceInFuture] });
      }
      const roster = await readRoster(db, settings);
      const entries = since
        ? withReferences(roster, await readDelta(db, roster, settings, since.toISOString()))
        : entriesOf(roster);
      const files = csvFiles(entries, since ? 'delta' : 'bulk', roster.ids);
      await recordAccess(db, {
        actor: { kind: 'user', userId: currentUserId(request) },
        what: since
          ? `OneRoster export of changes since ${since.toISOString()}`
          : 'OneRoster export',
        records: entries.length,
        studentIds: entries.flatMap((entry) => entry.students),
      });
      const day = nowIso().slice(0, 10);
      const name = since ? `oneroster-changes-${day}.zip` : `oneroster-${day}.zip`;
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(zipStream(files));
    },
  );

  app.get(
    rosterPaths.apiClients,
    {
      config: { requires: 'roster:share' },
      schema: {
        tags,
        operationId: 'listApiClients',
        summary: "The OneRoster API's clients, revoked ones too, oldest first",
        response: { 200: apiClientListResponseSchema },
      },
    },
    async () => ({ data: await listClients(db) }),
  );

  app.post(
    rosterPaths.apiClients,
    {
      config: { requires: 'roster:share' },
      schema: {
        tags,
        operationId: 'createApiClient',
        summary:
          'A new client of the OneRoster API; the answer holds its secret, shown only this once',
        body: apiClientCreateSchema,
        response: { 201: apiClientCreatedResponseSchema, 400: problemSchema },
      },
    },
    async (request, reply) => {
      const data = await createClient(db, request.body.name, currentUserId(request));
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    rosterPaths.apiClient,
    {
      config: { requires: 'roster:share' },
      schema: {
        tags,
        operationId: 'revokeApiClient',
        summary: 'Revoke a client: its tokens stop working at once, and it gets no new ones',
        params: idParamsSchema,
        response: {
          204: z.null().describe('Revoked'),
          400: problemSchema,
          404: problemSchema.describe('No active client has that id'),
        },
      },
    },
    async (request, reply) => {
      const revoked = await revokeClient(db, request.params.id, currentUserId(request));
      if (!revoked) throw notFound(rosterTexts.clientNotFound);
      return reply.code(204).send(null);
    },
  );

  app.get(
    rosterPaths.accessLog,
    {
      config: { requires: 'roster:share' },
      schema: {
        tags,
        operationId: 'listRosterAccess',
        summary:
          "Every export and read of rosters, newest first: who, when, what, how many records; with `student`, those that held that student's data",
        querystring: rosterAccessQuerySchema,
        response: { 200: rosterAccessListResponseSchema, 400: problemSchema },
      },
    },
    async (request) => listAccess(db, request.query),
  );
}
