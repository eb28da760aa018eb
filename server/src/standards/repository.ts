import { z } from 'zod';
import { gradeLevelSchema, problemTexts, type Standard, type StandardValues } from '@um/contract';
import { isForeignKeyViolation, isUniqueViolation, nowIso, type Executor } from '../db/database.js';
import type { StandardRow } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';
import { cursorParts, decodeCursor, toPage } from '../http/keyset.js';
import { conflict, notFound } from '../http/problem.js';

type StandardWithCount = StandardRow & { student_count: number | null };

/** The list's order, grade level then name then id, as a cursor: [grade_level, name, id]. */
const cursorKeySchema = z.tuple([gradeLevelSchema, cursorParts.text, cursorParts.id]);

export const standardNotFound = () => notFound(problemTexts.standardNotFound);

function toStandard(row: StandardWithCount): Standard {
  return {
    id: row.id,
    name: row.name,
    grade_level: row.grade_level,
    description: row.description,
    academic_year: row.academic_year,
    created_at: row.created_at,
    updated_at: row.updated_at,
    student_count: Number(row.student_count ?? 0),
  };
}

function selectWithStudentCount(db: Executor) {
  return db
    .selectFrom('standards')
    .selectAll('standards')
    .select((eb) =>
      eb
        .selectFrom('students')
        .whereRef('students.standard_id', '=', 'standards.id')
        .select((sub) => sub.fn.countAll<number>().as('count'))
        .as('student_count'),
    );
}

interface StandardListValues {
  afterGrade: number;
  afterName: string;
  afterId: number;
  limit: number;
}

/** A page of standards in their order; the first page or one after a cursor. */
const standardsPage = (after: boolean) =>
  preparedQuery((db, values: StandardListValues) => {
    let select = selectWithStudentCount(db);
    if (after) {
      select = select.where((eb) =>
        eb(
          eb.refTuple('standards.grade_level', 'standards.name', 'standards.id'),
          '>',
          eb.tuple(values.afterGrade, values.afterName, values.afterId),
        ),
      );
    }
    return select
      .orderBy('standards.grade_level')
      .orderBy('standards.name')
      .orderBy('standards.id')
      .limit(values.limit);
  });

const standardsPages = { first: standardsPage(false), after: standardsPage(true) };

export async function listStandards(db: Executor, query: { limit: number; cursor?: string }) {
  const after = decodeCursor(query.cursor, cursorKeySchema);
  const rows = await (after ? standardsPages.after : standardsPages.first).execute(db, {
    afterGrade: after?.[0] ?? 0,
    afterName: after?.[1] ?? '',
    afterId: after?.[2] ?? 0,
    limit: query.limit + 1,
  });
  const page = toPage(rows, query.limit, (row) => [row.grade_level, row.name, row.id]);
  return { data: page.rows.map(toStandard), next_cursor: page.nextCursor };
}

export async function findStandard(db: Executor, id: number): Promise<Standard | undefined> {
  const row = await selectWithStudentCount(db).where('standards.id', '=', id).executeTakeFirst();
  return row && toStandard(row);
}

function nameTaken(values: Pick<StandardValues, 'name' | 'academic_year'>) {
  const message = problemTexts.standardNameTaken(values.name, values.academic_year);
  return conflict(message, { name: [message] });
}

export async function createStandard(db: Executor, values: StandardValues): Promise<Standard> {
  const now = nowIso();
  try {
    const row = await db
      .insertInto('standards')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toStandard({ ...row, student_count: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values);
    throw error;
  }
}

/** A full update; the unique constraint, not a prior lookup, decides a name clash. */
export async function updateStandard(
  db: Executor,
  id: number,
  values: StandardValues,
): Promise<Standard> {
  let updated: { id: number } | undefined;
  try {
    updated = await db
      .updateTable('standards')
      .set({
        name: values.name,
        grade_level: values.grade_level,
        description: values.description,
        academic_year: values.academic_year,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values);
    throw error;
  }
  const standard = updated && (await findStandard(db, id));
  if (!standard) throw standardNotFound();
  return standard;
}

/**
 * Deletes a standard that has no students. The foreign key (ON DELETE RESTRICT) is what
 * refuses, so a student added at the same moment can never be orphaned or cascaded away;
 * the count is read only to explain the refusal.
 */
export async function deleteStandard(db: Executor, id: number): Promise<void> {
  let deleted: bigint;
  try {
    const result = await db.deleteFrom('standards').where('id', '=', id).executeTakeFirst();
    deleted = result.numDeletedRows;
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const standard = await findStandard(db, id);
    if (!standard) throw standardNotFound();
    throw conflict(problemTexts.standardInUse(standard.name, standard.student_count));
  }
  if (deleted === 0n) throw standardNotFound();
}
