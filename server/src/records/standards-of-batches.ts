import { importTexts, standardNameKey } from '@um/contract';
import type { Dialect, Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import { conflict } from '../http/problem.js';
import { changedOutsideBatch, eventsOfBatch } from '../repositories/history.js';
import {
  insertStandards,
  standardNameKeysOfYear,
  standardNames,
} from '../repositories/standards.js';
import { standardsOfLiveStudents } from '../repositories/students.js';
import { recordChanges } from './change-log.js';
import { standardChange, standardRecords } from './standard-record.js';

/**
 * The standards a batch creates (an import's new standards, a year end's next classes), and its
 * undo takes back (docs/history.md, "Batches"): written inside the batch's transaction, their
 * history events carrying the batch's id, as its students' do. The batches are the students'
 * (students/imports, students/batches); the standards' steps are those of every standard
 * (records/standard-record.ts).
 */

/**
 * Creates, in `academicYear`, those of `standards` no live standard of that year is named yet,
 * each with a history event of `action`; the ones it created.
 */
export async function addStandardsOfBatch(
  trx: Executor,
  standards: readonly { name: string; grade_level: number }[],
  {
    actorId,
    batchId,
    academicYear,
    action,
  }: { actorId: number; batchId: string; academicYear: string; action: 'import' | 'create' },
): Promise<{ id: number; name: string }[]> {
  const taken = new Set(await standardNameKeysOfYear(trx, academicYear));
  const wanted = standards.filter(({ name }) => {
    const key = standardNameKey(name);
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  });
  if (wanted.length === 0) return [];
  const now = nowIso();
  const rows = await insertStandards(
    trx,
    wanted.map(({ name, grade_level }) => ({
      name,
      name_key: standardNameKey(name),
      grade_level,
      description: '',
      academic_year: academicYear,
      created_at: now,
      updated_at: now,
    })),
  );
  await recordChanges(
    trx,
    rows.map((row) => ({ ...standardChange(actorId, action, null, row), importId: batchId })),
  );
  return rows.map(({ id, name }) => ({ id, name }));
}

/**
 * Moves the standards a batch created to the bin, after the undo has taken its students out;
 * how many. Refused when one of them changed since or holds students the batch did not put
 * there.
 */
export async function removeStandardsOfBatch(
  trx: Executor,
  dialect: Dialect,
  { actorId, batchId }: { actorId: number; batchId: string },
): Promise<number> {
  const events = await eventsOfBatch(trx, batchId, 'standard', ['import', 'create']);
  if (events.length === 0) return 0;
  const ids = events.map((event) => event.entity_id);
  const gone: number[] = [];
  for (const id of ids) if (!(await standardRecords.lockLive(trx, dialect, id))) gone.push(id);
  const later = await changedOutsideBatch(
    trx,
    'standard',
    ids,
    Math.min(...events.map((event) => event.id)),
    batchId,
  );
  const occupied = await standardsOfLiveStudents(trx, ids);
  const changed = new Set([...later.map((event) => event.entity_id), ...occupied, ...gone]);
  if (changed.size > 0) {
    const names = await standardNames(trx, [...changed]);
    throw conflict(importTexts.standardsChangedSince(names));
  }
  for (const id of ids) await standardRecords.moveToBin(trx, id, actorId);
  return ids.length;
}
