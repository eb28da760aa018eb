import { z } from 'zod';
import {
  apiPaths,
  editConflictSchema,
  standardSchema,
  fieldTexts,
  idParamsSchema,
  problemSchema,
  standardInputSchema,
  standardListQuerySchema,
  standardListResponseSchema,
  standardResponseSchema,
  standardUpdateSchema,
  problemTexts,
  recordPaths,
  restoreResponseSchema,
  teacherChoicesResponseSchema,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { currentUserId } from '../http/access.js';
import { sendWrittenPage } from '../http/written-json.js';
import { badRequest } from '../http/problem.js';
import { historyRoute } from '../records/history-route.js';
import { findStandard, standardNotFound } from '../records/standard-record.js';
import { listStandards } from './read-model.js';
import { createStandard, deleteStandard, restoreStandard, updateStandard } from './writes.js';
import { teacherChoices } from './teachers.js';

const tags = ['standards'];

export function standardsRoutes(app: ZodApp, { database }: AppContext): void {
  const { db } = database;

  app.get(
    apiPaths.standards,
    {
      schema: {
        tags,
        operationId: 'listStandards',
        summary: 'Standards by grade level, then name, of every academic year or of one',
        querystring: standardListQuerySchema,
        response: { 200: standardListResponseSchema, 400: problemSchema },
      },
    },
    async (request, reply) =>
      sendWrittenPage(reply, await listStandards(db, database.dialect, request.query)),
  );

  app.post(
    apiPaths.standards,
    {
      config: { requires: 'records:write', liveChange: { entity: 'standards' } },
      schema: {
        tags,
        operationId: 'createStandard',
        summary: 'Add a standard',
        body: standardInputSchema,
        response: {
          201: standardResponseSchema,
          400: problemSchema,
          409: problemSchema.describe('A standard of that name exists in the academic year'),
        },
      },
    },
    async (request, reply) => {
      const data = await createStandard(db, request.body, currentUserId(request));
      return reply.code(201).send({ data });
    },
  );

  app.get(
    apiPaths.standard,
    {
      schema: {
        tags,
        operationId: 'getStandard',
        summary: 'One standard',
        params: idParamsSchema,
        response: {
          200: standardResponseSchema,
          400: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request) => {
      const data = await findStandard(db, request.params.id);
      if (!data) throw standardNotFound();
      return { data };
    },
  );

  app.put(
    apiPaths.standard,
    {
      config: { requires: 'records:write', liveChange: { entity: 'standards' } },
      schema: {
        tags,
        operationId: 'updateStandard',
        summary:
          'Replace a standard; an id in the body must match the path; with `version`, only if it is still current',
        params: idParamsSchema,
        body: standardUpdateSchema,
        response: {
          200: standardResponseSchema,
          400: problemSchema,
          404: problemSchema,
          409: editConflictSchema(standardSchema).describe(
            'A standard of that name exists in the academic year, or the standard changed since `version` (edit conflict, with the standard under `current`)',
          ),
        },
      },
    },
    async (request) => {
      const { id: bodyId, version, ...values } = request.body;
      if (bodyId !== undefined && bodyId !== request.params.id) {
        throw badRequest(fieldTexts.idMismatch, { id: [fieldTexts.idMismatch] });
      }
      const change = { id: request.params.id, values, version, actorId: currentUserId(request) };
      return { data: await updateStandard(db, database.dialect, change) };
    },
  );

  app.delete(
    apiPaths.standard,
    {
      config: { requires: 'records:write', liveChange: { entity: 'standards' } },
      schema: {
        tags,
        operationId: 'deleteStandard',
        summary: 'Move a standard that has no students to the recently deleted list',
        params: idParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          400: problemSchema,
          404: problemSchema,
          409: problemSchema.describe('Students still belong to the standard'),
        },
      },
    },
    async (request, reply) => {
      await deleteStandard(db, database.dialect, request.params.id, currentUserId(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    recordPaths.teacherChoices,
    {
      schema: {
        tags,
        operationId: 'listTeacherChoices',
        summary: 'Who may teach a standard: every active staff account, by name',
        response: { 200: teacherChoicesResponseSchema },
      },
    },
    async () => ({ data: await teacherChoices(db) }),
  );

  historyRoute(app, db, {
    path: recordPaths.standardHistory,
    entity: 'standard',
    notFoundText: problemTexts.standardNotFound,
  });

  app.post(
    recordPaths.restoreStandard,
    {
      config: { requires: 'records:write', liveChange: { entity: 'standards' } },
      schema: {
        tags: ['history'],
        operationId: 'restoreStandard',
        summary: 'Put a deleted standard back, with its id',
        params: idParamsSchema,
        response: {
          200: restoreResponseSchema,
          400: problemSchema,
          // A standard in the bin keeps its name, so nothing can stand in its way.
          404: problemSchema.describe('Not in the bin'),
        },
      },
    },
    async (request) => ({
      data: await restoreStandard(db, database.dialect, request.params.id, currentUserId(request)),
    }),
  );
}
