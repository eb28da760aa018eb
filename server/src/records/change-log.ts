import { z } from 'zod';
import type { HistoryEvent } from '@um/contract';
import type { Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import type { HistoryEventsTable } from '../db/schema.js';
import { cursorParts, keyset, type Page } from '../db/paging.js';
import { standardExists } from '../repositories/standards.js';
import { studentExists } from '../repositories/students.js';
import { listUserNamesAndEmails, userExists } from '../repositories/users.js';
import { hasHistory, insertHistoryEvents, pageOfHistory } from '../repositories/history.js';

/**
 * The change log of versioned records (students and standards) and of staff accounts' roles and
 * statuses: every change writes one event
 * in the transaction that makes it, and a record's events are read back newest first
 * (docs/history.md). It knows tables and events, never a resource's rules.
 */

export type HistoryEntity = HistoryEventsTable['entity'];
export type HistoryAction = HistoryEventsTable['action'];
type Fields = Record<string, unknown>;

/**
 * One change to record: who did what to which record, and the record's fields before and after.
 */
export interface Change {
  actorId: number;
  entity: HistoryEntity;
  entityId: number;
  action: HistoryAction;
  /** The record's fields before the change; null for a create or a restore. */
  before: Fields | null;
  /** The record's fields after the change; null for a delete. */
  after: Fields | null;
  /**
   * The batch the change belongs to, or whose undo made it: an undo finds the batch's changes
   * by it, and a record's history shows it.
   */
  importId?: string | undefined;
}

/**
 * `{ field: { from, to } }` for every field whose value differs. A create or a restore has
 * `from: null` for each field, a delete `to: null`.
 */
export function fieldChanges(before: Fields | null, after: Fields | null) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of Object.keys(after ?? before ?? {})) {
    const from = before ? before[field] : null;
    const to = after ? after[field] : null;
    if (from !== to) changes[field] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}

/**
 * Writes the events of `changes` on the executor of the transaction that made them, so that a
 * change and its event commit or roll back together. The actors' names are read in the same
 * transaction and kept with the events.
 */
export async function recordChanges(db: Executor, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  const actors = await listUserNamesAndEmails(db, [
    ...new Set(changes.map((change) => change.actorId)),
  ]);
  const names = new Map(actors.map((actor) => [actor.id, actor.name || actor.email]));
  const at = nowIso();
  await insertHistoryEvents(
    db,
    changes.map((change) => ({
      entity: change.entity,
      entity_id: change.entityId,
      at,
      actor_id: change.actorId,
      actor_name: names.get(change.actorId) ?? '',
      action: change.action,
      changes: JSON.stringify(fieldChanges(change.before, change.after)),
      import_id: change.importId ?? null,
    })),
  );
}

/** Newest first, so the cursor is the last event's id. */
const historyPages = keyset(
  z.tuple([cursorParts.id]),
  (event: HistoryEvent) => [event.id] as const,
);

/** A record's history, newest first, keyset paged; an empty page when it has none. */
export async function listHistory(
  db: Executor,
  entity: HistoryEntity,
  entityId: number,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<HistoryEvent>> {
  const request = historyPages.request(query);
  const rows = await pageOfHistory(db, entity, entityId, {
    before: request.after?.[0],
    limit: request.rowsToRead,
  });
  const events = rows.map((row): HistoryEvent => ({
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, name: row.actor_name },
    action: row.action,
    changes: JSON.parse(row.changes) as HistoryEvent['changes'],
    batch_id: row.import_id,
  }));
  return historyPages.page(events, request);
}

/** Whether a record's row is there, live or in the bin. */
const rowExists: Record<HistoryEntity, (db: Executor, id: number) => Promise<boolean>> = {
  student: studentExists,
  standard: standardExists,
  user: userExists,
};

/** Whether a record has ever existed: it is live or in the bin, or it left a history. */
export async function everExisted(
  db: Executor,
  entity: HistoryEntity,
  entityId: number,
): Promise<boolean> {
  return (await rowExists[entity](db, entityId)) || hasHistory(db, entity, entityId);
}
