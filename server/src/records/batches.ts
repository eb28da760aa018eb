import type { Selectable } from 'kysely';
import { z } from 'zod';
import { BATCH_STUDENTS_NAMED, type Batch, type BatchKind } from '@um/contract';
import type { Executor } from '../db/database.js';
import type { BatchesTable } from '../db/schema.js';
import { cursorParts, keyset, type Page } from '../db/paging.js';
import { nowIso } from '../db/time.js';
import { firstStudentsOfBatches } from '../repositories/students.js';
import { findUserNameAndEmail } from '../repositories/users.js';
import {
  batchExists,
  countStudentsOfBatches,
  insertBatch,
  markBatchUndoneAt,
  pageOfBatches,
} from '../repositories/history.js';

/**
 * Batches (docs/history.md, "Batches"): an import, a bulk change or a year-end run, recorded
 * in the transaction of its writes, whose history events carry its id.
 */

export interface NewBatch {
  id: string;
  kind: BatchKind;
  actorId: number;
  counts: Record<string, number>;
}

/** Records a batch in the transaction that makes its changes. */
export async function recordBatch(trx: Executor, batch: NewBatch): Promise<void> {
  const actor = await findUserNameAndEmail(trx, batch.actorId);
  await insertBatch(trx, {
    id: batch.id,
    kind: batch.kind,
    at: nowIso(),
    actor_id: batch.actorId,
    actor_name: actor ? actor.name || actor.email : '',
    counts: JSON.stringify(batch.counts),
  });
}

/**
 * Marks a batch undone, once: of two undos of one batch, only the first finds it not undone
 * (on PostgreSQL the second waits for the first's row lock, then finds it undone). A batch made
 * before batches were recorded has no row, and is `unrecorded`.
 */
export async function markBatchUndone(
  trx: Executor,
  id: string,
  actorId: number,
): Promise<'undone' | 'already' | 'unrecorded'> {
  if (await markBatchUndoneAt(trx, id, actorId, nowIso())) return 'undone';
  return (await batchExists(trx, id)) ? 'already' : 'unrecorded';
}

/** Newest first: the cursor is the last batch's place in the order they were made. */
const batchPages = keyset(
  z.tuple([cursorParts.id]),
  (batch: Selectable<BatchesTable>) => [batch.seq] as const,
);

/** The batches, newest first, keyset paged. */
export async function listBatches(
  db: Executor,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<Batch>> {
  const request = batchPages.request(query);
  const rows = await pageOfBatches(db, {
    before: request.after?.[0],
    limit: request.rowsToRead,
  });
  const page = batchPages.page(rows, request);
  const students = await studentsOf(
    db,
    page.data.map((row) => row.id),
  );
  return {
    next_cursor: page.next_cursor,
    data: page.data.map((row) => ({
      batch_id: row.id,
      kind: row.kind,
      at: row.at,
      actor: { id: row.actor_id, name: row.actor_name },
      counts: JSON.parse(row.counts) as Record<string, number>,
      undone: row.undone_at !== null,
      students: students.get(row.id) ?? { named: [], count: 0 },
    })),
  };
}

/**
 * The students each of `batchIds` touched, found by their history events: how many, and the
 * first few by name. A student purged since is no longer named, but still counted.
 */
async function studentsOf(
  db: Executor,
  batchIds: readonly string[],
): Promise<Map<string, Batch['students']>> {
  const found = new Map<string, Batch['students']>();
  if (batchIds.length === 0) return found;
  const counts = await countStudentsOfBatches(db, batchIds);
  for (const row of counts) {
    if (row.import_id !== null) found.set(row.import_id, { named: [], count: Number(row.count) });
  }
  const named = await firstStudentsOfBatches(db, batchIds, BATCH_STUDENTS_NAMED);
  for (const row of named) {
    if (row.import_id !== null)
      found.get(row.import_id)?.named.push({ id: row.id, name: row.name });
  }
  return found;
}
