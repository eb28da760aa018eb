import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  IMPORT_MAX_BYTES,
  importBodySchema,
  importQuerySchema,
  importRefusedSchema,
  importResponseSchema,
  importTexts,
  importUndoParamsSchema,
  importUndoResponseSchema,
  lastImportResponseSchema,
  problemSchema,
  recordPaths,
  studentListQuerySchema,
  type ImportQuery,
  type ImportResult,
  type ImportUndoResult,
  batchTexts,
} from '@um/contract';
import type { AppContext, ZodApp } from '../../app-context.js';
import { currentUserId } from '../../http/access.js';
import { HttpError } from '../../http/problem.js';
import { notCsv, readStudentCsv } from './csv.js';
import { exportFileName, exportStudents } from './export.js';
import { nowIso } from '../../db/time.js';
import { ImportRefused, importStudents } from './import.js';
import { undoBatch } from '../batches/undo.js';
import { lastImport } from './last-import.js';

const tags = ['students'];
const tooLarge = () => new HttpError(413, importTexts.tooLarge);
/** A commit refused for its wrong rows: problem JSON like every error, the report under `data`. */
const importRefused = (result: ImportResult) =>
  new HttpError(422, importTexts.refused(result.error_count), {
    type: 'urn:problem-type:import-refused',
    title: 'Import refused',
    extensions: { data: result },
  });

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

export function studentTransferRoutes(app: ZodApp, { database }: AppContext): void {
  const { db, dialect } = database;

  /** An import's undo, with its own words, as the undo of the batch it is. */
  async function undoImport(importId: string, actorId: number): Promise<ImportUndoResult> {
    const counts = await undoBatch(db, dialect, {
      batchId: importId,
      actorId,
      texts: {
        notFound: importTexts.importNotFound,
        alreadyUndone: importTexts.alreadyUndone,
        changedSince: importTexts.changedSince,
        restoreTaken: batchTexts.restoreTaken,
        rollNumbersTaken: batchTexts.rollNumbersTaken,
        standardGone: batchTexts.standardGone,
      },
    });
    return {
      import_id: importId,
      removed: counts.removed,
      reverted: counts.reverted,
      removed_standards: counts.removed_standards,
    };
  }

  app.get(
    recordPaths.studentsExport,
    {
      schema: {
        tags,
        operationId: 'exportStudents',
        summary:
          'The students the list shows for these filters, in its order, as a CSV file named after what it holds',
        querystring: studentListQuerySchema.pick({
          standard: true,
          q: true,
          sort: true,
          status: true,
        }),
        produces: ['text/csv'],
        response: {
          // Streamed as it is written; the document shows the text it carries.
          200: z.instanceof(Readable).meta({
            type: 'string',
            description:
              'The students as a CSV file (UTF-8 with a byte order mark), its header row first',
          }),
          400: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const fileName = await exportFileName(db, request.query.standard, nowIso().slice(0, 10));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Readable.from(exportStudents(db, dialect, request.query)));
    },
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
        config: {
          requires: 'records:write',
          liveChange: {
            entity: 'students',
            // A dry run writes nothing, so nobody has anything to refetch.
            when: (request) => !(request.query as ImportQuery).dry_run,
          },
        },
        schema: {
          tags,
          operationId: 'importStudents',
          summary:
            'Add and update students from a CSV file, all or nothing unless ?skip_invalid=true; with ?dry_run=true only check it',
          querystring: importQuerySchema,
          body: { content: { 'text/csv': { schema: importBodySchema } } },
          response: {
            200: importResponseSchema,
            400: problemSchema,
            409: problemSchema.describe('Another save took a roll number of the file meanwhile'),
            413: problemSchema,
            415: problemSchema,
            422: importRefusedSchema.describe(
              'Some rows are wrong and nothing was imported: the report is under `data`',
            ),
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw notCsv();
        const rows = await readStudentCsv(request.body);
        try {
          const data = await importStudents(db, dialect, rows, {
            dryRun: request.query.dry_run,
            actorId: currentUserId(request),
            newStandards: request.query.create_standards,
            skipInvalid: request.query.skip_invalid,
            dateFormat: request.query.date_format,
          });
          return { data };
        } catch (error) {
          if (error instanceof ImportRefused) throw importRefused(error.result);
          throw error;
        }
      },
    );
  });

  app.post(
    recordPaths.importUndo,
    {
      config: { requires: 'records:write', liveChange: { entity: 'students' } },
      schema: {
        tags,
        operationId: 'undoImport',
        summary:
          'Undo an import: its new students go to the bin, updated ones get their values back',
        params: importUndoParamsSchema,
        response: {
          200: importUndoResponseSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema.describe('Already undone, or a student changed since the import'),
        },
      },
    },
    async (request) => ({
      data: await undoImport(request.params.import_id, currentUserId(request)),
    }),
  );

  app.get(
    recordPaths.lastImport,
    {
      schema: {
        tags,
        operationId: 'getLastImport',
        summary: "The school's last import: who made it, when, how many students, and if undone",
        response: { 200: lastImportResponseSchema },
      },
    },
    async () => ({ data: await lastImport(db) }),
  );
}
