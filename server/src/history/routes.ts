import {
  binEntitySchema,
  binListQuerySchema,
  binListResponseSchema,
  historyListResponseSchema,
  idParamsSchema,
  listQuerySchema,
  problemSchema,
  recordPaths,
  restoreResponseSchema,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { currentUserId, requireUser } from '../auth/guard.js';
import { notFound } from '../http/problem.js';
import { restoreStandard } from '../standards/repository.js';
import { restoreStudent } from '../students/repository.js';
import { listBin, purgeBin } from './bin.js';
import { everExisted, listHistory, type HistoryEntity } from './events.js';

const tags = ['history'];
const security = [{ bearer: [] }];
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export function historyRoutes(app: ZodApp, { config, database }: AppContext): void {
  const { db, dialect } = database;
  const onRequest = requireUser(db, config.jwtSecret);

  const historyRoute = (path: string, entity: HistoryEntity, notFoundText: string) =>
    app.get(
      path,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: `A ${entity}'s history, newest first; a ${entity} in the bin keeps its history`,
          params: idParamsSchema,
          querystring: listQuerySchema,
          response: {
            200: historyListResponseSchema,
            400: problemSchema,
            401: problemSchema,
            404: problemSchema,
          },
        },
      },
      async (request) => {
        const page = await listHistory(db, entity, request.params.id, request.query);
        if (page.data.length === 0 && !(await everExisted(db, entity, request.params.id))) {
          throw notFound(notFoundText);
        }
        return page;
      },
    );
  historyRoute(recordPaths.studentHistory, 'student', 'Student not found.');
  historyRoute(recordPaths.standardHistory, 'standard', 'Standard not found.');

  app.get(
    recordPaths.deleted,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: `Deleted students and standards, newest first, kept ${config.trashRetentionDays} days`,
        querystring: binListQuerySchema,
        response: { 200: binListResponseSchema, 400: problemSchema, 401: problemSchema },
      },
    },
    async (request) => listBin(db, request.query),
  );

  // One route per kind, so that each announces the list it changes to the event stream.
  for (const entity of binEntitySchema.options) {
    app.post(
      entity === 'student' ? recordPaths.restoreStudent : recordPaths.restoreStandard,
      {
        onRequest,
        config: { liveChange: { entity: entity === 'student' ? 'students' : 'standards' } },
        schema: {
          tags,
          security,
          summary: `Put a deleted ${entity} back, with its id`,
          params: idParamsSchema,
          response: {
            200: restoreResponseSchema,
            400: problemSchema,
            401: problemSchema,
            404: problemSchema.describe('Not in the bin'),
            409: problemSchema.describe(
              'Restoring would break a rule: the roll number is taken, or the standard is gone',
            ),
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        const actorId = currentUserId(request);
        const data =
          entity === 'student'
            ? await restoreStudent(db, dialect, id, actorId)
            : await restoreStandard(db, id, actorId);
        return { data };
      },
    );
  }

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
