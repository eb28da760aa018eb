import { sql } from 'kysely';
import { z } from 'zod';
import type { Student, StudentValues } from '@um/contract';
import { isForeignKeyViolation, isUniqueViolation, nowIso, type Executor } from '../db/database.js';
import type { StudentRow } from '../db/schema.js';
import { cursorParts, decodeCursor, toPage } from '../http/keyset.js';
import { badRequest, conflict, notFound } from '../http/problem.js';

/** The list's order, name then id, as a cursor: [name, id]. */
const cursorKeySchema = z.tuple([cursorParts.text, cursorParts.id]);

export const studentNotFound = () => notFound('Student not found.');

function toStudent(row: StudentRow): Student {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roll_number: row.roll_number,
    standard: row.standard_id,
    phone_number: row.phone_number,
    address: row.address,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface StudentListQuery {
  standard?: number | undefined;
  q?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

export async function listStudents(db: Executor, query: StudentListQuery) {
  const after = decodeCursor(query.cursor, cursorKeySchema);
  let select = db.selectFrom('students').selectAll();
  if (query.standard !== undefined) select = select.where('standard_id', '=', query.standard);
  if (query.q) {
    const pattern = containsPattern(query.q);
    // PostgreSQL's LIKE is case-sensitive, so both sides are lower-cased; the pattern stays a
    // bound parameter. (SQLite's lower() folds ASCII letters only.)
    const matches = (column: 'name' | 'email' | 'roll_number') =>
      sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
    select = select.where((eb) =>
      eb.or([matches('name'), matches('email'), matches('roll_number')]),
    );
  }
  if (after) {
    select = select.where((eb) => eb(eb.refTuple('name', 'id'), '>', eb.tuple(after[0], after[1])));
  }
  const rows = await select
    .orderBy('name')
    .orderBy('id')
    .limit(query.limit + 1)
    .execute();
  const page = toPage(rows, query.limit, (row) => [row.name, row.id]);
  return { data: page.rows.map(toStudent), next_cursor: page.nextCursor };
}

export async function findStudent(db: Executor, id: number): Promise<Student | undefined> {
  const row = await db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toStudent(row);
}

/**
 * Explains a refused write to the person filling the form. The constraints decide, not an
 * earlier lookup, so two people saving the same roll number at once cannot both succeed.
 */
async function explainConstraint(
  db: Executor,
  error: unknown,
  values: StudentValues,
): Promise<never> {
  if (isForeignKeyViolation(error)) {
    const message = 'The chosen standard does not exist.';
    throw badRequest(message, { standard: [message] });
  }
  if (isUniqueViolation(error)) {
    const standard = await db
      .selectFrom('standards')
      .select('name')
      .where('id', '=', values.standard)
      .executeTakeFirst();
    const where = standard ? `standard "${standard.name}"` : 'this standard';
    const message = `Roll number "${values.roll_number}" is already taken in ${where}.`;
    throw conflict(message, { roll_number: [message] });
  }
  throw error;
}

function columns(values: StudentValues) {
  return {
    name: values.name,
    email: values.email,
    roll_number: values.roll_number,
    standard_id: values.standard,
    phone_number: values.phone_number,
    address: values.address,
  };
}

export async function createStudent(db: Executor, values: StudentValues): Promise<Student> {
  const now = nowIso();
  try {
    const row = await db
      .insertInto('students')
      .values({ ...columns(values), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toStudent(row);
  } catch (error) {
    return explainConstraint(db, error, values);
  }
}

export async function updateStudent(
  db: Executor,
  id: number,
  values: StudentValues,
): Promise<Student> {
  let row: StudentRow | undefined;
  try {
    row = await db
      .updateTable('students')
      .set({ ...columns(values), updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    return explainConstraint(db, error, values);
  }
  if (!row) throw studentNotFound();
  return toStudent(row);
}

export async function deleteStudent(db: Executor, id: number): Promise<void> {
  const result = await db.deleteFrom('students').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw studentNotFound();
}
