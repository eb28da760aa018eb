import { expressionBuilder } from 'kysely';
import { z } from 'zod';
import {
  appTexts,
  gradeLevelSchema,
  problemTexts,
  type Standard,
  type StandardList,
  type StandardValues,
} from '@um/contract';
import { isUniqueViolation, nowIso, type Db, type Dialect, type Executor } from '../db/database.js';
import type { Database, StandardRow } from '../db/schema.js';
import { cutJsonPage, jsonItem } from '../db/json-page.js';
import { preparedQuery } from '../db/prepared-query.js';
import { recordChanges, type Change } from '../history/events.js';
import type { WrittenJson } from '../http/written-json.js';
import { cursorParts, decodeCursor, writtenJsonList } from '../http/keyset.js';
import { conflict, editConflict, notFound } from '../http/problem.js';

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
    version: row.version,
  };
}

/** The fields a person edits, as history records them. */
function historyFields(row: StandardRow) {
  return {
    name: row.name,
    grade_level: row.grade_level,
    description: row.description,
    academic_year: row.academic_year,
  };
}

const standardChange = (
  actorId: number,
  action: Change['action'],
  before: StandardRow | null,
  after: StandardRow | null,
): Change => ({
  actorId,
  entity: 'standard',
  entityId: (after ?? before)?.id ?? 0,
  action,
  before: before && historyFields(before),
  after: after && historyFields(after),
});

/** How many live students a standard has: a subquery of a query that reads standards. */
const liveStudentCount = expressionBuilder<Database, 'standards'>()
  .selectFrom('students')
  .whereRef('students.standard_id', '=', 'standards.id')
  .where('students.deleted_at', 'is', null)
  .select((sub) => sub.fn.countAll<number>().as('count'));

function selectWithStudentCount(db: Executor) {
  return db
    .selectFrom('standards')
    .selectAll('standards')
    .select(liveStudentCount.as('student_count'));
}

interface StandardListValues {
  afterGrade: number;
  afterName: string;
  afterId: number;
  limit: number;
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
}));

/**
 * A page of standards in their order, the first page or one after a cursor, as the API's JSON
 * written by the database.
 */
const standardsPage = (dialect: Dialect, after: boolean) => {
  const item = standardJson(dialect);
  return preparedQuery((db, values: StandardListValues) => {
    let select = db.selectFrom('standards').select(item).where('standards.deleted_at', 'is', null);
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
};

const standardsPages = {
  sqlite: { first: standardsPage('sqlite', false), after: standardsPage('sqlite', true) },
  postgres: { first: standardsPage('postgres', false), after: standardsPage('postgres', true) },
};

export async function listStandards(
  db: Executor,
  dialect: Dialect,
  query: { limit: number; cursor?: string },
): Promise<WrittenJson<StandardList>> {
  const after = decodeCursor(query.cursor, cursorKeySchema);
  const pages = standardsPages[dialect];
  const rows = await (after ? pages.after : pages.first).execute(db, {
    afterGrade: after?.[0] ?? 0,
    afterName: after?.[1] ?? '',
    afterId: after?.[2] ?? 0,
    limit: query.limit + 1,
  });
  return writtenJsonList(cutJsonPage(rows, query.limit), (standard: Standard) => [
    standard.grade_level,
    standard.name,
    standard.id,
  ]);
}

export async function findStandard(db: Executor, id: number): Promise<Standard | undefined> {
  const row = await selectWithStudentCount(db)
    .where('standards.id', '=', id)
    .where('standards.deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toStandard(row);
}

function nameTaken(values: Pick<StandardValues, 'name' | 'academic_year'>) {
  const message = problemTexts.standardNameTaken(values.name, values.academic_year);
  return conflict(message, { name: [message] });
}

export async function createStandard(
  db: Db,
  values: StandardValues,
  actorId: number,
): Promise<Standard> {
  const now = nowIso();
  try {
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('standards')
        .values({ ...values, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordChanges(trx, [standardChange(actorId, 'create', null, inserted)]);
      return inserted;
    });
    return toStandard({ ...row, student_count: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values);
    throw error;
  }
}

/**
 * The live standard `id`, locked for update on PostgreSQL until the transaction ends: the values
 * a change starts from are the ones it replaces, and no student can be put in the standard
 * meanwhile (a student's write locks its standard for share).
 */
async function lockLiveStandard(db: Executor, dialect: Dialect, id: number) {
  const select = db
    .selectFrom('standards')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  return (dialect === 'postgres' ? select.forUpdate() : select).executeTakeFirst();
}

async function currentStandard(db: Executor, id: number): Promise<Standard> {
  const standard = await findStandard(db, id);
  if (!standard) throw standardNotFound();
  return standard;
}

export interface StandardChange {
  id: number;
  values: StandardValues;
  /** The version the client edited; without it the save replaces whatever is there. */
  version?: number | undefined;
  actorId: number;
}

/**
 * A full update. The unique constraint, not a prior lookup, decides a name clash; the update
 * names the version it replaces, so of two saves of one version only the first changes
 * anything and the other is an edit conflict carrying the standard as it now is.
 */
export async function updateStandard(
  db: Db,
  dialect: Dialect,
  { id, values, version, actorId }: StandardChange,
): Promise<Standard> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await lockLiveStandard(trx, dialect, id);
      if (!before) throw standardNotFound();
      if (version !== undefined && before.version !== version) {
        throw editConflict(appTexts.history.editConflict, await currentStandard(trx, id));
      }
      const after = await trx
        .updateTable('standards')
        .set((eb) => ({
          name: values.name,
          grade_level: values.grade_level,
          description: values.description,
          academic_year: values.academic_year,
          updated_at: nowIso(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', before.version)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!after) throw editConflict(appTexts.history.editConflict, await currentStandard(trx, id));
      await recordChanges(trx, [standardChange(actorId, 'update', before, after)]);
      return currentStandard(trx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values);
    throw error;
  }
}

/**
 * Moves a standard to the bin, refused while it has live students. Its row is locked first,
 * and a student's write locks its standard for share, so a student added at the same moment
 * either is counted here or finds the standard gone.
 */
export async function deleteStandard(
  db: Db,
  dialect: Dialect,
  id: number,
  actorId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const standard = await lockLiveStandard(trx, dialect, id);
    if (!standard) throw standardNotFound();
    const { count } = await trx
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('standard_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const live = Number(count);
    if (live > 0) {
      throw conflict(problemTexts.standardInUse(standard.name, live));
    }
    const row = await trx
      .updateTable('standards')
      .set((eb) => ({ deleted_at: nowIso(), deleted_by: actorId, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordChanges(trx, [standardChange(actorId, 'delete', row, null)]);
  });
}

/** Puts a standard in the bin back, with its id. */
export async function restoreStandard(db: Db, id: number, actorId: number): Promise<Standard> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('standards')
      .set((eb) => ({ deleted_at: null, deleted_by: null, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(appTexts.history.notInBin);
    await recordChanges(trx, [standardChange(actorId, 'restore', null, row)]);
    return currentStandard(trx, id);
  });
}
