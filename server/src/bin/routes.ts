import { z } from 'zod';
import {
  appTexts,
  binListQuerySchema,
  binListResponseSchema,
  idParamsSchema,
  problemSchema,
  recordPaths,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { notFound } from '../http/problem.js';
import { eraseStudentFromBin, listBin, purgeBin } from './repository.js';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The bin ("Recently deleted"): students and standards deleted and not yet purged, the hourly
 * purge of what is older than TRASH_RETENTION_DAYS, and the erasure of a student at once
 * (docs/history.md). Restoring a record is its resource's route.
 */
export function binRoutes(app: ZodApp, { config, database }: AppContext): void {
  const { db, dialect } = database;

  app.get(
    recordPaths.deleted,
    {
      schema: {
        tags: ['history'],
        operationId: 'listDeleted',
        summary: `Deleted students and standards, newest first, kept ${config.trashRetentionDays} days`,
        querystring: binListQuerySchema,
        response: { 200: binListResponseSchema, 400: problemSchema },
      },
    },
    async (request) => listBin(db, dialect, request.query),
  );

  // Erasing at once, before the purge would, is for administrators.
  app.delete(
    recordPaths.eraseStudent,
    {
      config: { requires: 'records:erase' },
      schema: {
        operationId: 'eraseStudent',
        tags: ['history'],
        summary:
          'Erase a student in the bin now, as the purge does: the record goes, and its history keeps who did what and when, with every value replaced by null',
        params: idParamsSchema,
        response: {
          204: z.null(),
          400: problemSchema,
          404: problemSchema.describe('Not in the bin'),
        },
      },
    },
    async (request, reply) => {
      if (!(await eraseStudentFromBin(db, dialect, request.params.id))) {
        throw notFound(appTexts.history.notInBin);
      }
      return reply.code(204).send(null);
    },
  );

  // Every process purges at start and then hourly; purges queue behind each other (purgeBin).
  const purge = () =>
    purgeBin(db, dialect, config.trashRetentionDays).then(
      (removed) => {
        if (removed.students + removed.standards > 0) app.log.info({ removed }, 'bin purged');
      },
      (error: unknown) => app.log.error({ err: error }, 'bin purge failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
