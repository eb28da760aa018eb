import { expressionBuilder, sql, type CompiledQuery, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Student, StudentValues } from '@um/contract';
import {
  isForeignKeyViolation,
  isUniqueViolation,
  nowIso,
  prepared,
  withParameters,
  type Dialect,
  type Executor,
} from '../db/database.js';
import type { Database, StudentRow } from '../db/schema.js';
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

/** The shortest text a trigram index (migration 0004) can look up. */
const TRIGRAM_LENGTH = 3;

const usesTrigramIndex = (text: string | undefined): text is string =>
  text !== undefined && [...text].length >= TRIGRAM_LENGTH;

/**
 * Students whose name, e-mail or roll number contains `text`, ignoring case. On SQLite a text
 * of three characters or more is looked up in the trigram index, as one quoted phrase so that
 * nothing in it is read as query syntax; otherwise the columns are compared, which PostgreSQL
 * answers from its pg_trgm indexes.
 */
function matchesText(dialect: Dialect, text: string) {
  if (dialect === 'sqlite' && usesTrigramIndex(text)) {
    const phrase = `"${text.replaceAll('"', '""')}"`;
    return sql<SqlBool>`${sql.ref('students.id')} in (select rowid from students_search where students_search match ${phrase})`;
  }
  const pattern = containsPattern(text);
  // PostgreSQL's LIKE is case-sensitive, so both sides are lower-cased; the pattern stays a
  // bound parameter. (SQLite's lower() folds ASCII letters only.)
  const matches = (column: 'name' | 'email' | 'roll_number') =>
    sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
  return sql<SqlBool>`(${matches('name')} or ${matches('email')} or ${matches('roll_number')})`;
}

export interface StudentListQuery {
  standard?: number | undefined;
  q?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

export async function listStudents(db: Executor, dialect: Dialect, query: StudentListQuery) {
  const after = decodeCursor(query.cursor, cursorKeySchema);
  const eb = expressionBuilder<Database, 'students'>();
  const conditions: Expression<SqlBool>[] = [];
  if (query.standard !== undefined) conditions.push(eb('standard_id', '=', query.standard));
  if (query.q) conditions.push(matchesText(dialect, query.q));
  if (after) conditions.push(eb(eb.refTuple('name', 'id'), '>', eb.tuple(after[0], after[1])));
  const where = eb.and(conditions);

  // PostgreSQL's planner guesses how many students a substring matches, and when it guesses
  // "many" it walks the name index hoping to fill a page early: for a name that sorts late or
  // matches nobody that reads all 100 000 rows (0.1-0.3 s, found with EXPLAIN ANALYZE). Taking
  // the matches from the trigram indexes first, then sorting only their keys, costs what the
  // matches cost; SQLite's trigram lookup above already works that way.
  const rows =
    dialect === 'postgres' && usesTrigramIndex(query.q)
      ? await db
          .with(
            (cte) => cte('matches').materialized(),
            (qb) => qb.selectFrom('students').select(['id', 'name']).where(where),
          )
          .selectFrom('students')
          .selectAll('students')
          .where('students.id', 'in', (qb) =>
            qb
              .selectFrom('matches')
              .select('matches.id')
              .orderBy('matches.name')
              .orderBy('matches.id')
              .limit(query.limit + 1),
          )
          .orderBy('students.name')
          .orderBy('students.id')
          .execute()
      : await db
          .selectFrom('students')
          .selectAll()
          .where(where)
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
  try {
    const row = await db
      .insertInto('students')
      .values(insertedRow(values, nowIso()))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toStudent(row);
  } catch (error) {
    return explainConstraint(db, error, values);
  }
}

/** A student's key in its standard, which the unique constraint keeps to one row. */
const rollKey = (standard: number, rollNumber: string) => `${standard}\u0000${rollNumber}`;

/**
 * Adds students as one multi-row insert, one commit. Each input settles on its own: if the
 * insert is refused as a whole (a taken roll number, a missing standard, two inputs with the
 * same roll number), every student is then added alone, so each request gets the answer it
 * would have had on its own and the others are still added. Not for use inside a transaction:
 * on PostgreSQL a refused statement ends it.
 */
export async function createStudents(
  db: Executor,
  inputs: readonly StudentValues[],
): Promise<PromiseSettledResult<Student>[]> {
  if (inputs.length > 1) {
    const now = nowIso();
    const parameters = inputs.flatMap((values) => Object.values(insertedRow(values, now)));
    const rows = await db
      .executeQuery(withParameters(multiRowInsert(db, inputs.length), parameters))
      .then((result) => result.rows)
      .catch(() => undefined);
    if (rows) {
      const byKey = new Map(rows.map((row) => [rollKey(row.standard_id, row.roll_number), row]));
      return inputs.map((values) => {
        const row = byKey.get(rollKey(values.standard, values.roll_number));
        return row
          ? { status: 'fulfilled', value: toStudent(row) }
          : { status: 'rejected', reason: new Error('The insert returned no row for a student.') };
      });
    }
  }
  return Promise.allSettled(inputs.map((values) => createStudent(db, values)));
}

function insertedRow(values: StudentValues, now: string) {
  return { ...columns(values), created_at: now, updated_at: now };
}

const multiRowInserts = new WeakMap<Executor, Map<number, CompiledQuery<StudentRow>>>();

/**
 * The insert of `count` students, compiled once per database and count: building and compiling
 * it for every group was about a twentieth of a create's CPU (BENCHMARKS.md, fix 23). Its
 * parameters are the values of `insertedRow`, row after row, in the order that function gives
 * them.
 */
function multiRowInsert(db: Executor, count: number): CompiledQuery<StudentRow> {
  let byCount = multiRowInserts.get(db);
  if (!byCount) multiRowInserts.set(db, (byCount = new Map()));
  let query = byCount.get(count);
  if (!query) {
    const placeholder = insertedRow(
      { name: '', email: '', roll_number: '', standard: 0, phone_number: '', address: '' },
      '',
    );
    query = prepared(
      db
        .insertInto('students')
        .values(Array.from({ length: count }, () => placeholder))
        .returningAll()
        .compile(),
    );
    byCount.set(count, query);
  }
  return query;
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
