import { z } from 'zod';
import { apiPaths } from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { pingDatabase } from '../db/database.js';
import { problemTypes, sendProblem } from '../http/problem.js';

const statusSchema = z.object({ status: z.literal('ok') });
const READY_TIMEOUT_MS = 2_000;

export function healthRoutes(app: ZodApp, { database }: AppContext): void {
  app.get(
    apiPaths.health,
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: statusSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    apiPaths.ready,
    {
      schema: {
        tags: ['health'],
        operationId: 'getReadiness',
        summary: 'The database answers',
        response: { 200: statusSchema },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(pingDatabase(database.db), READY_TIMEOUT_MS);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return sendProblem(reply, 503, 'The database is not reachable.', {
          type: problemTypes.unavailable,
        });
      }
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
