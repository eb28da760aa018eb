import { expressionBuilder, sql, type Expression, type Insertable } from 'kysely';
import type { Standard, Teacher } from '@um/contract';
import type { Dialect, Executor } from '../db/database.js';
import { inChunks } from '../db/in-chunks.js';
import { jsonItem } from '../db/paging.js';
import { compiledQuery, type Bind, type QueryShape } from '../db/compiled-query.js';
import type { Database, StandardRow, StandardsTable } from '../db/schema.js';
import { shownName } from './users.js';
import { lastEventAt } from './history.js';
import { versionedRows } from '../db/versioned-rows.js';

/**
 * The SQL of the standards and their teachers (docs/decisions/0082): every query that names
 * `standards` or `standard_teachers`. A teacher taken off a standard keeps a row with
 * `removed_at`, so that the OneRoster delta can report the ended enrollment
 * (docs/oneroster.md); every read here looks at the live rows only.
 */

export type StandardWithCount = StandardRow & { student_count: number | null };

/**
 * How many active students a standard has (those who left or graduated do not count): a
 * subquery of a query that reads standards.
 */
const liveStudentCount = expressionBuilder<Database, 'standards'>()
  .selectFrom('students')
  .whereRef('students.standard_id', '=', 'standards.id')
  .where('students.deleted_at', 'is', null)
  .where('students.status', '=', 'active')
  .select((sub) => sub.fn.countAll<number>().as('count'));

/** A standard's teachers as JSON the database writes, for a page of the list. */
function teachersJson(dialect: Dialect): Expression<unknown> {
  return dialect === 'postgres'
    ? sql`coalesce((
        select json_agg(json_build_object('id', users.id, 'name', ${shownName})
          order by standard_teachers.position)
        from standard_teachers join users on users.id = standard_teachers.user_id
        where standard_teachers.standard_id = standards.id
          and standard_teachers.removed_at is null), '[]'::json)`
    : // A subquery's result is text to SQLite's json_object: json() marks it as JSON again.
      sql`json((
        select json_group_array(json_object('id', teacher.id, 'name', teacher.name))
        from (select users.id as id, ${shownName} as name
              from standard_teachers join users on users.id = standard_teachers.user_id
              where standard_teachers.standard_id = standards.id
                and standard_teachers.removed_at is null
              order by standard_teachers.position) as teacher))`;
}

/** A standard of the API, written by the database from a row of a page. */
const standardJson = jsonItem<Standard, StandardRow>('standards', (field) => ({
  id: field.value('id'),
  name: field.value('name'),
  grade_level: field.value('grade_level'),
  description: field.value('description'),
  academic_year: field.value('academic_year'),
  created_at: field.timestamp('created_at'),
  updated_at: field.timestamp('updated_at'),
  student_count: field.count(liveStudentCount),
  version: field.value('version'),
  teachers: field.json<Teacher[]>(teachersJson),
}));

export interface StandardListValues {
  academicYear: string;
  afterGrade: number;
  afterName: string;
  afterId: number;
  limit: number;
}

export type StandardListShape = QueryShape & { after: boolean; ofYear: boolean };

/**
 * A page of standards in their order, the first page or one after a cursor, as the API's JSON
 * written by the database.
 */
const standardsPage = compiledQuery(
  (db, bind: Bind<StandardListValues>, shape: StandardListShape) => {
    let select = db
      .selectFrom('standards')
      .select(standardJson(shape.dialect))
      .where('standards.deleted_at', 'is', null);
    if (shape.ofYear) select = select.where('standards.academic_year', '=', bind('academicYear'));
    if (shape.after) {
      select = select.where((eb) =>
        eb(
          eb.refTuple('standards.grade_level', 'standards.name', 'standards.id'),
          '>',
          eb.tuple(bind('afterGrade'), bind('afterName'), bind('afterId')),
        ),
      );
    }
    return select
      .orderBy('standards.grade_level')
      .orderBy('standards.name')
      .orderBy('standards.id')
      .limit(bind('limit'));
  },
);

export function pageOfStandards(
  db: Executor,
  shape: StandardListShape,
  values: StandardListValues,
) {
  return standardsPage.run(db, shape, values);
}

/** One live standard, with how many live students it has. */
export function findLiveStandardWithCount(
  db: Executor,
  id: number,
): Promise<StandardWithCount | undefined> {
  return db
    .selectFrom('standards')
    .selectAll('standards')
    .select(liveStudentCount.as('student_count'))
    .where('standards.id', '=', id)
    .where('standards.deleted_at', 'is', null)
    .executeTakeFirst();
}

export function insertStandard(
  trx: Executor,
  values: Omit<Insertable<StandardsTable>, 'id'>,
): Promise<StandardRow> {
  return trx.insertInto('standards').values(values).returningAll().executeTakeFirstOrThrow();
}

export function insertStandards(
  trx: Executor,
  values: readonly Omit<Insertable<StandardsTable>, 'id'>[],
): Promise<StandardRow[]> {
  return trx.insertInto('standards').values(values).returningAll().execute();
}

/**
 * The name keys an academic year's standards hold (`standardNameKey`), binned ones too: the
 * unique index counts them as well.
 */
export async function standardNameKeysOfYear(
  trx: Executor,
  academicYear: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('standards')
    .select('name_key')
    .where('academic_year', '=', academicYear)
    .execute();
  return rows.map(({ name_key }) => name_key);
}

export async function standardNames(trx: Executor, ids: readonly number[]): Promise<string[]> {
  const names = await trx.selectFrom('standards').select('name').where('id', 'in', ids).execute();
  return names.map(({ name }) => name);
}

/** The live teachers of the standards `ids`, by standard and then in their order. */
export function teachersOfStandards(
  db: Executor,
  ids: readonly number[],
): Promise<{ standard_id: number; id: number; name: string }[]> {
  return db
    .selectFrom('standard_teachers')
    .innerJoin('users', 'users.id', 'standard_teachers.user_id')
    .select(['standard_teachers.standard_id', 'users.id', shownName.as('name')])
    .where('standard_teachers.standard_id', 'in', [...new Set(ids)])
    .where('standard_teachers.removed_at', 'is', null)
    .orderBy('standard_teachers.standard_id')
    .orderBy('standard_teachers.position')
    .execute();
}

/** Takes the teachers `userIds` off a standard, keeping their rows as ended. */
export async function endTeachings(
  trx: Executor,
  standardId: number,
  userIds: readonly number[],
  removedAt: string,
): Promise<void> {
  await trx
    .updateTable('standard_teachers')
    .set({ removed_at: removedAt })
    .where('standard_id', '=', standardId)
    .where('user_id', 'in', userIds)
    .where('removed_at', 'is', null)
    .execute();
}

export async function moveTeacher(
  trx: Executor,
  standardId: number,
  userId: number,
  position: number,
): Promise<void> {
  await trx
    .updateTable('standard_teachers')
    .set({ position })
    .where('standard_id', '=', standardId)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .execute();
}

export async function insertTeachings(
  trx: Executor,
  rows: readonly { standard_id: number; user_id: number; position: number; added_at: string }[],
): Promise<void> {
  await trx.insertInto('standard_teachers').values(rows).execute();
}

/**
 * The live standards among `ids`, locked (PostgreSQL) until the transaction ends so that none
 * of them goes to the bin while a student is being put in it: a standard's delete locks its row
 * for update before counting its live students. SQLite runs one write transaction at a time.
 */
export async function lockLiveStandards(
  db: Executor,
  dialect: Dialect,
  ids: readonly number[],
): Promise<Set<number>> {
  const select = db
    .selectFrom('standards')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .where('deleted_at', 'is', null);
  const rows = await (dialect === 'postgres' ? select.forShare() : select).execute();
  return new Set(rows.map((row) => row.id));
}

/** A standard's name, in the bin or not. */
export function findStandardName(db: Executor, id: number): Promise<{ name: string } | undefined> {
  return db.selectFrom('standards').select('name').where('id', '=', id).executeTakeFirst();
}

export function allStandardNames(db: Executor): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('standards').select(['id', 'name']).execute();
}

/**
 * The live standards, the newest academic year's first; locked for share (PostgreSQL) until the
 * transaction ends when `forShare`.
 */
export function liveStandardsNewestYearFirst(
  db: Executor,
  forShare: boolean,
): Promise<{ id: number; name: string; academic_year: string }[]> {
  const select = db
    .selectFrom('standards')
    .select(['id', 'name', 'academic_year'])
    .where('deleted_at', 'is', null)
    .orderBy('academic_year', 'desc');
  return (forShare ? select.forShare() : select).execute();
}

export function standardsNamed(
  trx: Executor,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  return trx.selectFrom('standards').select(['id', 'name']).where('id', 'in', ids).execute();
}

/** A live standard, locked for share or update (PostgreSQL) until the transaction ends. */
export function findLiveStandardLocked(
  trx: Executor,
  id: number,
  lock: 'none' | 'share' | 'update',
): Promise<{ id: number; name: string } | undefined> {
  const select = trx
    .selectFrom('standards')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  return (
    lock === 'none' ? select : lock === 'share' ? select.forShare() : select.forUpdate()
  ).executeTakeFirst();
}

/** The live standards of `years`, locked for share (PostgreSQL) until the transaction ends when `forShare`. */
export function liveStandardsOfYears(
  trx: Executor,
  years: readonly string[],
  forShare: boolean,
): Promise<{ id: number; name: string; grade_level: number; academic_year: string }[]> {
  const select = trx
    .selectFrom('standards')
    .select(['id', 'name', 'grade_level', 'academic_year'])
    .where('deleted_at', 'is', null)
    .where('academic_year', 'in', years);
  return (forShare ? select.forShare() : select).execute();
}

/** Removes the standards in the bin since before `cutoff` that no student holds; answers how many. */
export async function purgeEmptyStandardsBinnedBefore(
  trx: Executor,
  cutoff: string,
): Promise<number> {
  const standards = await trx
    .deleteFrom('standards')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('students')
            .select('students.id')
            .whereRef('students.standard_id', '=', 'standards.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(standards.numDeletedRows);
}

/** Whether the standard `id` is there, live or in the bin. */
export async function standardExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('standards').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Every live standard, with when it last changed. */
export function liveStandardsWithLastEvent(db: Executor) {
  return db
    .selectFrom('standards')
    .select([
      'id',
      'sourced_id',
      'name',
      'grade_level',
      'academic_year',
      'created_at',
      'updated_at',
      lastEventAt('standard', 'standards.id').as('last_event_at'),
    ])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Standards of `ids` whatever their state, the bin's included. */
export function standardsInAnyState(db: Executor, ids: readonly number[]) {
  return inChunks(ids, (chunk) =>
    db
      .selectFrom('standards')
      .select(['id', 'sourced_id', 'grade_level', 'academic_year', 'deleted_at'])
      .where('id', 'in', chunk)
      .execute(),
  );
}

/** The teachers of live standards, in each standard's order, with their accounts. */
export function liveTeacherLinks(db: Executor) {
  return db
    .selectFrom('standard_teachers')
    .innerJoin('standards', 'standards.id', 'standard_teachers.standard_id')
    .innerJoin('users', 'users.id', 'standard_teachers.user_id')
    .select([
      'standard_teachers.standard_id',
      'standard_teachers.position',
      'standard_teachers.added_at',
      'users.id as user_id',
      'users.sourced_id as user_sourced_id',
      'users.name',
      'users.email',
      'users.status',
      'users.updated_at',
    ])
    .where('standard_teachers.removed_at', 'is', null)
    .where('standards.deleted_at', 'is', null)
    .orderBy('standard_teachers.standard_id')
    .orderBy('standard_teachers.position')
    .execute();
}

/** Teachers taken off a standard after `since`, and every teacher link of `standardIds`. */
export function teacherLinksEndedOrOf(db: Executor, since: string, standardIds: readonly number[]) {
  return db
    .selectFrom('standard_teachers')
    .innerJoin('users', 'users.id', 'standard_teachers.user_id')
    .select([
      'standard_teachers.standard_id',
      'standard_teachers.removed_at',
      'users.id as user_id',
      'users.sourced_id as user_sourced_id',
    ])
    .where((eb) =>
      eb.or([
        eb('standard_teachers.removed_at', '>', since),
        ...(standardIds.length > 0
          ? [
              eb.and([
                eb('standard_teachers.standard_id', 'in', [...standardIds]),
                eb('standard_teachers.removed_at', 'is', null),
              ]),
            ]
          : []),
      ]),
    )
    .execute();
}

export async function allStandardIds(db: Executor): Promise<number[]> {
  const existing = await db.selectFrom('standards').select('id').orderBy('id').execute();
  return existing.map((row) => row.id);
}

/** Inserts those of `rows` no standard of their academic year is named; answers how many. */
export async function insertStandardsUnlessNamed(
  trx: Executor,
  rows: readonly Insertable<StandardsTable>[],
): Promise<number> {
  const result = await trx
    .insertInto('standards')
    .values(rows)
    .onConflict((oc) => oc.columns(['academic_year', 'name']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** The ids of the standards of an academic year named one of `names`. */
export async function standardIdsNamed(
  trx: Executor,
  academicYear: string,
  names: readonly string[],
): Promise<number[]> {
  const stored = await trx
    .selectFrom('standards')
    .select('id')
    .where('academic_year', '=', academicYear)
    .where('name', 'in', names)
    .execute();
  return stored.map((row) => row.id);
}

/** A standard's versioned steps: lock, update at a version, bin and restore. */
export const standardRows = versionedRows('standards');
