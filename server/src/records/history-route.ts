import {
  historyListResponseSchema,
  idParamsSchema,
  listQuerySchema,
  problemSchema,
} from '@um/contract';
import type { ZodApp } from '../app-context.js';
import type { Db } from '../db/database.js';
import type { Permission } from '../http/access.js';
import { notFound } from '../http/problem.js';
import { everExisted, listHistory, type HistoryEntity } from './change-log.js';

/**
 * The route that reads one record's history, newest first (docs/history.md). Each resource
 * registers it at its own path beside its other routes; a record in the bin keeps its history,
 * and an id that never existed is 404.
 */
export function historyRoute(
  app: ZodApp,
  db: Db,
  {
    path,
    entity,
    notFoundText,
    requires,
  }: { path: string; entity: HistoryEntity; notFoundText: string; requires?: Permission },
): void {
  app.get(
    path,
    {
      ...(requires ? { config: { requires } } : {}),
      schema: {
        operationId: `list${entity[0]!.toUpperCase()}${entity.slice(1)}History`,
        tags: ['history'],
        summary:
          entity === 'user'
            ? "A staff account's changes of role and status, newest first"
            : `A ${entity}'s history, newest first; a ${entity} in the bin keeps its history`,
        params: idParamsSchema,
        querystring: listQuerySchema,
        response: {
          200: historyListResponseSchema,
          400: problemSchema,
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
}
