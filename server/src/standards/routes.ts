import { z } from 'zod';
import {
  apiPaths,
  editConflictSchema,
  standardSchema,
  fieldTexts,
  idParamsSchema,
  listQuerySchema,
  problemSchema,
  standardInputSchema,
  standardListResponseSchema,
  standardResponseSchema,
  standardUpdateSchema,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { currentUserId, requireUser } from '../auth/guard.js';
import { sendWrittenJson } from '../http/written-json.js';
import { badRequest } from '../http/problem.js';
import {
  createStandard,
  deleteStandard,
  findStandard,
  listStandards,
  standardNotFound,
  updateStandard,
} from './repository.js';

const tags = ['standards'];
const security = [{ bearer: [] }];

export function standardsRoutes(app: ZodApp, { config, database }: AppContext): void {
  const { db } = database;
  // onRequest, not preHandler: an anonymous caller learns nothing, not even how a body is checked.
  const onRequest = requireUser(db, config.jwtSecret);

  app.get(
    apiPaths.standards,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Standards by grade level, then name',
        querystring: listQuerySchema,
        response: { 200: standardListResponseSchema, 400: problemSchema, 401: problemSchema },
      },
    },
    async (request, reply) =>
      sendWrittenJson(reply, await listStandards(db, database.dialect, request.query)),
  );

  app.post(
    apiPaths.standards,
    {
      onRequest,
      config: { liveChange: { entity: 'standards' } },
      schema: {
        tags,
        security,
        summary: 'Add a standard',
        body: standardInputSchema,
        response: {
          201: standardResponseSchema,
          400: problemSchema,
          401: problemSchema,
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
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One standard',
        params: idParamsSchema,
        response: {
          200: standardResponseSchema,
          400: problemSchema,
          401: problemSchema,
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
      onRequest,
      config: { liveChange: { entity: 'standards' } },
      schema: {
        tags,
        security,
        summary:
          'Replace a standard; an id in the body must match the path; with `version`, only if it is still current',
        params: idParamsSchema,
        body: standardUpdateSchema,
        response: {
          200: standardResponseSchema,
          400: problemSchema,
          401: problemSchema,
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
      onRequest,
      config: { liveChange: { entity: 'standards' } },
      schema: {
        tags,
        security,
        summary: 'Move a standard that has no students to the recently deleted list',
        params: idParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          400: problemSchema,
          401: problemSchema,
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
}
