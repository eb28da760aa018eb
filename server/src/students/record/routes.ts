import { z } from 'zod';
import {
  apiPaths,
  idParamsSchema,
  problemSchema,
  problemTexts,
  recordPaths,
  studentCountQuerySchema,
  studentCountResponseSchema,
  studentDeleteSchema,
  studentInputSchema,
  studentListQuerySchema,
  studentListResponseSchema,
  studentResponseSchema,
  studentSchema,
  studentUpdateSchema,
  editConflictSchema,
  restoreResponseSchema,
  studentRestoreSchema,
} from '@um/contract';
import type { AppContext, ZodApp } from '../../app-context.js';
import { currentUserId } from '../../http/access.js';
import { groupConcurrentWrites } from '../../db/write-group.js';
import { sendWrittenPage } from '../../http/written-json.js';
import { badRequest } from '../../http/problem.js';
import { historyRoute } from '../../records/history-route.js';
import { studentNotFound } from './presenter.js';
import { countStudents, findStudent, listStudentsJson } from './read-model.js';
import {
  createStudents,
  deleteStudent,
  restoreStudent,
  updateStudent,
  type NewStudent,
} from './writes.js';

const tags = ['students'];
const rollNumberTaken = problemSchema.describe('The roll number is taken in that standard');
const takenOrEdited = editConflictSchema(studentSchema).describe(
  'The roll number is taken in that standard, or the student changed since `version` (edit conflict, with the student under `current`)',
);
/** Creates that arrive together are added in one insert of at most this many rows. */
const MAX_STUDENTS_PER_INSERT = 50;

export function studentsRoutes(app: ZodApp, { database }: AppContext): void {
  const { db } = database;
  const createStudent = groupConcurrentWrites(
    (inputs: NewStudent[]) => createStudents(db, database.dialect, inputs),
    { maxGroupSize: MAX_STUDENTS_PER_INSERT },
  );

  app.get(
    apiPaths.students,
    {
      schema: {
        tags,
        operationId: 'listStudents',
        summary:
          'Students by name or roll number (`sort`), optionally of one standard or holding every word of a search',
        querystring: studentListQuerySchema,
        response: { 200: studentListResponseSchema, 400: problemSchema },
      },
    },
    async (request, reply) =>
      sendWrittenPage(reply, await listStudentsJson(db, database.dialect, request.query)),
  );

  app.get(
    recordPaths.studentsCount,
    {
      schema: {
        tags,
        operationId: 'countStudents',
        summary: 'How many students the list holds with the same `standard` and `q`',
        querystring: studentCountQuerySchema,
        response: { 200: studentCountResponseSchema, 400: problemSchema },
      },
    },
    async (request) => ({
      data: { count: await countStudents(db, database.dialect, request.query) },
    }),
  );

  app.get(
    apiPaths.student,
    {
      schema: {
        tags,
        operationId: 'getStudent',
        summary: 'One student',
        params: idParamsSchema,
        response: {
          200: studentResponseSchema,
          400: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request) => {
      const data = await findStudent(db, request.params.id);
      if (!data) throw studentNotFound();
      return { data };
    },
  );

  app.post(
    apiPaths.updateStudents,
    {
      config: { requires: 'records:write', liveChange: { entity: 'students' } },
      schema: {
        tags,
        operationId: 'createStudent',
        summary: 'Add a student',
        body: studentInputSchema,
        response: {
          201: studentResponseSchema,
          400: problemSchema,
          409: rollNumberTaken,
        },
      },
    },
    async (request, reply) => {
      const data = await createStudent({ values: request.body, actorId: currentUserId(request) });
      return reply.code(201).send({ data });
    },
  );

  app.put(
    apiPaths.updateStudents,
    {
      config: { requires: 'records:write', liveChange: { entity: 'students' } },
      schema: {
        tags,
        operationId: 'updateStudent',
        summary:
          'Replace the student whose id is in the body; with `version`, only if it is still current',
        body: studentUpdateSchema,
        response: {
          200: studentResponseSchema,
          400: problemSchema,
          404: problemSchema,
          409: takenOrEdited,
        },
      },
    },
    async (request) => {
      const { id, version, ...values } = request.body;
      const actorId = currentUserId(request);
      return { data: await updateStudent(db, database.dialect, { id, values, version, actorId }) };
    },
  );

  app.delete(
    apiPaths.updateStudents,
    {
      config: { requires: 'records:write', liveChange: { entity: 'students' } },
      schema: {
        tags,
        operationId: 'deleteStudent',
        summary:
          'Move a student to the recently deleted list; the id comes in the JSON body or as ?id=',
        querystring: studentDeleteSchema.partial(),
        // Fastify hands a DELETE without a body over as null.
        body: studentDeleteSchema.nullish(),
        response: {
          204: z.null().describe('Deleted'),
          400: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const fromBody = request.body?.id;
      const fromQuery = request.query.id;
      if (fromBody !== undefined && fromQuery !== undefined && fromBody !== fromQuery) {
        throw badRequest(problemTexts.deleteIdsDiffer, { id: [problemTexts.deleteIdsDiffer] });
      }
      const id = fromBody ?? fromQuery;
      if (id === undefined) {
        throw badRequest(problemTexts.deleteIdMissing, { id: [problemTexts.deleteIdMissing] });
      }
      await deleteStudent(db, id, currentUserId(request));
      return reply.code(204).send(null);
    },
  );

  historyRoute(app, db, {
    path: recordPaths.studentHistory,
    entity: 'student',
    notFoundText: problemTexts.studentNotFound,
  });

  app.post(
    recordPaths.restoreStudent,
    {
      config: { requires: 'records:write', liveChange: { entity: 'students' } },
      schema: {
        tags: ['history'],
        operationId: 'restoreStudent',
        summary: 'Put a deleted student back, with its id, and another roll number if one is given',
        params: idParamsSchema,
        body: studentRestoreSchema,
        response: {
          200: restoreResponseSchema,
          400: problemSchema,
          404: problemSchema.describe('Not in the bin'),
          409: problemSchema.describe(
            'Restoring would break a rule: the roll number is taken, or the standard is gone',
          ),
        },
      },
    },
    async (request) => ({
      data: await restoreStudent(
        db,
        database.dialect,
        request.params.id,
        currentUserId(request),
        request.body?.roll_number,
      ),
    }),
  );
}
