import { problemTexts, type Standard, type Teacher } from '@um/contract';
import type { Executor } from '../db/database.js';
import type { StandardRow } from '../db/schema.js';
import { notFound } from '../http/problem.js';
import {
  findLiveStandardWithCount,
  standardRows,
  teachersOfStandards,
  type StandardWithCount,
} from '../repositories/standards.js';
import type { Change } from './change-log.js';
import { versionedRecords } from './versioned.js';

/**
 * A standard as a versioned record, written once: how it looks to the outside (in an answer,
 * as an object; a page of the list is JSON the database writes, repositories/standards.ts; in
 * its history; and when it is missing), how one is read back, and the steps its writes take.
 * It sits below the features because the standards' own writes (standards/writes.ts) and the
 * standards a batch creates and its undo takes back (records/standards-of-batches.ts, for
 * students/imports and students/batches) take the same steps.
 */

export const standardNotFound = () => notFound(problemTexts.standardNotFound);

export function presentStandard(row: StandardWithCount, teachers: readonly Teacher[]): Standard {
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
    teachers: [...teachers],
  };
}

/** Teachers as one line of a standard's history: their names, in order. */
export const teachersSummary = (teachers: readonly Teacher[]): string =>
  teachers.map((teacher) => teacher.name).join(', ');

/** The fields a person edits, as history records them. */
function historyFields(row: StandardRow) {
  return {
    name: row.name,
    grade_level: row.grade_level,
    description: row.description,
    academic_year: row.academic_year,
  };
}

/**
 * A change to a standard as its history records it: the edited fields before and after, and
 * the teachers, as one line each side, when the change set them.
 */
export const standardChange = (
  actorId: number,
  action: Change['action'],
  before: StandardRow | null,
  after: StandardRow | null,
  teachers?: { before: readonly Teacher[]; after: readonly Teacher[] },
): Change => ({
  actorId,
  entity: 'standard',
  entityId: (after ?? before)?.id ?? 0,
  action,
  before: before && {
    ...historyFields(before),
    ...(teachers && { teachers: teachersSummary(teachers.before) }),
  },
  after: after && {
    ...historyFields(after),
    ...(teachers && { teachers: teachersSummary(teachers.after) }),
  },
});

/** The teachers of the standards `ids`, each standard's in their order. */
export async function teachersOf(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, Teacher[]>> {
  const byStandard = new Map<number, Teacher[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byStandard;
  const rows = await teachersOfStandards(db, ids);
  for (const row of rows) byStandard.get(row.standard_id)?.push({ id: row.id, name: row.name });
  return byStandard;
}

/** One live standard, with how many live students it has. */
export async function findStandard(db: Executor, id: number): Promise<Standard | undefined> {
  const row = await findLiveStandardWithCount(db, id);
  if (!row) return undefined;
  return presentStandard(row, (await teachersOf(db, [id])).get(id) ?? []);
}

/** The live standard `id` as an answer shows it; its 404 when there is none. */
export async function currentStandard(db: Executor, id: number): Promise<Standard> {
  const standard = await findStandard(db, id);
  if (!standard) throw standardNotFound();
  return standard;
}

/**
 * A standard's version, bin and history steps, as every versioned record takes them. Its live
 * row is locked for update on PostgreSQL, so no student can be put in the standard meanwhile
 * (a student's write locks its standard for share).
 */
export const standardRecords = versionedRecords({
  rows: standardRows,
  notFound: standardNotFound,
  changeOf: standardChange,
  current: (trx, row) => currentStandard(trx, row.id),
});
