import type { Executor } from '../db/database.js';
import { inChunks } from '../db/in-chunks.js';
import { nowIso } from '../db/time.js';
import type { liveStandardsWithLastEvent, liveTeacherLinks } from '../repositories/standards.js';
import type {
  guardiansOfLiveStudents,
  liveStudentsWithStandard,
} from '../repositories/students.js';

/**
 * What the OneRoster export reads of the school's tables: small queries, each reading one
 * thing, so that no other feature's code is involved (docs/oneroster.md); those of students and
 * standards are in their repositories. Every time is the ISO text both databases give back.
 */

/**
 * The school's org row. The name it carries is SCHOOL_NAME (or "School"); when that changed
 * since the last read, the row takes the new name and the time, in one conditional update.
 */
export async function readSchool(db: Executor, name: string) {
  await db
    .updateTable('oneroster_school')
    .set({ name, updated_at: nowIso() })
    .where('id', '=', 1)
    .where('name', '!=', name)
    .execute();
  return db
    .selectFrom('oneroster_school')
    .select(['sourced_id', 'name', 'updated_at'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

export type SchoolRow = Awaited<ReturnType<typeof readSchool>>;

export type StandardSource = Awaited<ReturnType<typeof liveStandardsWithLastEvent>>[number];

export type StudentSource = Awaited<ReturnType<typeof liveStudentsWithStandard>>[number];

export type GuardianSource = Awaited<ReturnType<typeof guardiansOfLiveStudents>>[number];

export type TeacherLinkSource = Awaited<ReturnType<typeof liveTeacherLinks>>[number];

/** What happened to students and standards after `since`, oldest first (the change log). */
export function readEventsSince(db: Executor, since: string) {
  return db
    .selectFrom('history_events')
    .select(['entity', 'entity_id', 'at', 'action', 'changes'])
    .where('at', '>', since)
    .where('entity', 'in', ['student', 'standard'])
    .orderBy('id')
    .execute();
}

/** Students and standards purged from the bin after `since`. */
export function readTombstones(db: Executor, since: string) {
  return db
    .selectFrom('oneroster_tombstones')
    .selectAll()
    .where('removed_at', '>', since)
    .execute();
}

/** The tombstones of the students or standards `ids`, those purged. */
export function readTombstonesOf(
  db: Executor,
  kind: 'student' | 'standard',
  ids: readonly number[],
) {
  return inChunks(ids, (chunk) =>
    db
      .selectFrom('oneroster_tombstones')
      .selectAll()
      .where('kind', '=', kind)
      .where('entity_id', 'in', chunk)
      .execute(),
  );
}

/** Guardians taken off a student after `since`. */
export function readRemovedGuardians(db: Executor, since: string) {
  return db
    .selectFrom('oneroster_guardians')
    .select(['student_id', 'sourced_id', 'removed_at'])
    .where('removed_at', '>', since)
    .execute();
}

/** Every guardian the students `ids` ever had, by sourcedId. */
export function readGuardianIdsOf(db: Executor, studentIds: readonly number[]) {
  return inChunks(studentIds, (chunk) =>
    db
      .selectFrom('oneroster_guardians')
      .select(['student_id', 'sourced_id'])
      .where('student_id', 'in', chunk)
      .execute(),
  );
}
