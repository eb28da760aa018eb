import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  IMPORT_MAX_BYTES,
  importQuerySchema,
  importResponseSchema,
  importTexts,
  importUndoParamsSchema,
  importUndoResponseSchema,
  problemSchema,
  recordPaths,
  studentListQuerySchema,
} from '@um/contract';
import type { AppContext, ZodApp } from '../../app-context.js';
import { currentUserId, requireUser } from '../../auth/guard.js';
import { HttpError } from '../../http/problem.js';
import { notCsv, readStudentCsv } from './csv.js';
import { exportStudents } from './export.js';
import { ImportRefused, importStudents } from './import.js';
import { undoImport } from './undo.js';

const tags = ['students'];
const security = [{ bearer: [] }];
const tooLarge = () => new HttpError(413, importTexts.tooLarge);

/**
 * Reads a CSV upload into one buffer of at most IMPORT_MAX_BYTES, refusing a larger one with
 * words about the file rather than Fastify's about the request body.
 */
function readCsvBody(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > IMPORT_MAX_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > IMPORT_MAX_BYTES) {
        payload.removeAllListeners('data');
        payload.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => resolve(Buffer.concat(chunks)));
    payload.on('error', reject);
  });
}

export function studentTransferRoutes(app: ZodApp, { config, database }: AppContext): void {
  const { db, dialect } = database;
  const onRequest = requireUser(db, config.jwtSecret);

  app.get(
    recordPaths.studentsExport,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The students the list shows for these filters, as a CSV file',
        querystring: studentListQuerySchema.pick({ standard: true, q: true }),
        response: {
          200: z.any().describe('The students as CSV (text/csv), a header row first'),
          400: problemSchema,
          401: problemSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="students.csv"')
        .send(Readable.from(exportStudents(db, dialect, request.query))),
  );

  // The CSV body parser is this plugin's own, so no other route takes CSV.
  void app.register(async (scope: ZodApp) => {
    scope.addContentTypeParser(
      'text/csv',
      (request: FastifyRequest, payload: NodeJS.ReadableStream) => readCsvBody(request, payload),
    );
    scope.addContentTypeParser('*', async () => {
      throw notCsv();
    });
    scope.post(
      recordPaths.studentsImport,
      {
        onRequest,
        // A dry run announces a change too: clients refetch a list that is the same.
        config: { liveChange: { entity: 'students' } },
        schema: {
          tags,
          security,
          summary:
            'Add and update students from a CSV file, all or nothing; with ?dry_run=true only check it',
          querystring: importQuerySchema,
          response: {
            200: importResponseSchema,
            400: problemSchema,
            401: problemSchema,
            409: problemSchema.describe('Another save took a roll number of the file meanwhile'),
            413: problemSchema,
            415: problemSchema,
            422: importResponseSchema.describe('Some rows are wrong; nothing was imported'),
          },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw notCsv();
        const rows = await readStudentCsv(request.body);
        try {
          const data = await importStudents(db, dialect, rows, {
            dryRun: request.query.dry_run,
            actorId: currentUserId(request),
          });
          return { data };
        } catch (error) {
          if (error instanceof ImportRefused) return reply.code(422).send({ data: error.result });
          throw error;
        }
      },
    );
  });

  app.post(
    recordPaths.importUndo,
    {
      onRequest,
      config: { liveChange: { entity: 'students' } },
      schema: {
        tags,
        security,
        summary:
          'Undo an import: its new students go to the bin, updated ones get their values back',
        params: importUndoParamsSchema,
        response: {
          200: importUndoResponseSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
          409: problemSchema.describe('Already undone, or a student changed since the import'),
        },
      },
    },
    async (request) => ({
      data: await undoImport(db, dialect, request.params.import_id, currentUserId(request)),
    }),
  );
}
