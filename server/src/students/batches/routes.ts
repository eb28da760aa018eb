import {
  batchListQuerySchema,
  batchListResponseSchema,
  batchParamsSchema,
  batchTexts,
  batchUndoResponseSchema,
  bulkChangeSchema,
  bulkQuerySchema,
  bulkRefusedSchema,
  bulkResponseSchema,
  problemSchema,
  recordPaths,
  yearEndQuerySchema,
  yearEndRefusedSchema,
  yearEndResponseSchema,
  yearEndSchema,
} from '@um/contract';
import type { AppContext, ZodApp } from '../../app-context.js';
import { currentUserId } from '../../http/access.js';
import { listBatches } from '../../records/batches.js';
import { bulkChange } from './bulk.js';
import { undoBatch } from './undo.js';
import { yearEnd } from './year-end.js';

const tags = ['students'];

/**
 * Changes of many students at once and the batches that record them (docs/history.md,
 * "Batches").
 */
export function batchRoutes(app: ZodApp, { database }: AppContext): void {
  const { db, dialect } = database;

  app.post(
    recordPaths.studentsBulk,
    {
      config: {
        requires: 'records:write',
        liveChange: {
          entity: 'students',
          when: (request) => !(request.query as { dry_run: boolean }).dry_run,
        },
      },
      schema: {
        tags,
        operationId: 'changeStudentsInBulk',
        summary: 'Move or delete up to 1,000 students at once, all or nothing, as one batch',
        description:
          'With `dry_run=true` it writes nothing and answers what the change would do, the roll numbers a move gives included.',
        querystring: bulkQuerySchema,
        body: bulkChangeSchema,
        response: {
          200: bulkResponseSchema,
          400: problemSchema,
          409: problemSchema.describe('Another write took a roll number of the target meanwhile'),
          422: bulkRefusedSchema.describe(
            'Some of the students cannot be changed this way; nothing was changed',
          ),
        },
      },
    },
    async (request) => ({
      data: await bulkChange(db, dialect, request.body, currentUserId(request), {
        dryRun: request.query.dry_run,
      }),
    }),
  );

  app.post(
    recordPaths.yearEnd,
    {
      config: {
        requires: 'records:write',
        // It may create standards, and a standards change has every list refetch its students.
        liveChange: {
          entity: 'standards',
          when: (request) => !(request.query as { dry_run: boolean }).dry_run,
        },
      },
      schema: {
        tags,
        operationId: 'runYearEnd',
        summary:
          'Move every active student of last year’s standards on to next year’s, or graduate them, keeping back the students named; a preview with dry_run=true',
        querystring: yearEndQuerySchema,
        body: yearEndSchema,
        response: {
          200: yearEndResponseSchema,
          400: problemSchema,
          409: problemSchema.describe('Another write took a roll number of a target meanwhile'),
          422: yearEndRefusedSchema.describe(
            'Some roll numbers are taken where the students would go; nothing was changed',
          ),
        },
      },
    },
    async (request) => ({
      data: await yearEnd(db, dialect, request.body, {
        dryRun: request.query.dry_run,
        actorId: currentUserId(request),
      }),
    }),
  );

  app.get(
    recordPaths.batches,
    {
      schema: {
        tags,
        operationId: 'listBatches',
        summary: 'Imports, bulk changes and year-end runs, newest first',
        querystring: batchListQuerySchema,
        response: { 200: batchListResponseSchema, 400: problemSchema },
      },
    },
    async (request) => listBatches(db, request.query),
  );

  app.post(
    recordPaths.batchUndo,
    {
      // An undo may take back standards the batch created.
      config: { requires: 'records:write', liveChange: { entity: 'standards' } },
      schema: {
        tags,
        operationId: 'undoBatch',
        summary:
          'Undo a batch: what it created goes to the bin, what it changed or deleted comes back',
        params: batchParamsSchema,
        response: {
          200: batchUndoResponseSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema.describe('Already undone, or a student changed since the batch'),
        },
      },
    },
    async (request) => ({
      data: {
        batch_id: request.params.batch_id,
        counts: {
          ...(await undoBatch(db, dialect, {
            batchId: request.params.batch_id,
            actorId: currentUserId(request),
            texts: { ...batchTexts, notFound: batchTexts.batchNotFound },
          })),
        },
      },
    }),
  );
}
