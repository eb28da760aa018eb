import type { Executor } from '../db/database.js';
import { inChunks } from '../db/in-chunks.js';
import { nowIso } from '../db/time.js';

/**
 * What OneRoster keeps of its own (docs/oneroster.md): the school's org row, the guardians'
 * sourcedIds and the tombstones of what was purged from the bin. Every time is the ISO text
 * both databases give back.
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
