import { sql } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';
import type { HistoryEntity } from './change-log.js';

/** Ids per statement: well under either database's bound values. */
const IDS_PER_STATEMENT = 500;

/**
 * The history of records that must keep no personal data (docs/history.md, "Erasure"): each
 * event keeps its action, time and actor, and which fields changed, while every value it held
 * becomes null. One statement per 500 records, in the caller's transaction, so that a record
 * and what its history said of it go together.
 */
export async function eraseHistoryValues(
  db: Executor,
  dialect: Dialect,
  entity: HistoryEntity,
  ids: readonly number[],
): Promise<void> {
  // `{ field: { from, to } }` becomes `{ field: { from: null, to: null } }`, by the database.
  const erased =
    dialect === 'postgres'
      ? sql<string>`coalesce((select json_object_agg(key, json_build_object('from', null, 'to', null))::text from json_each(history_events.changes::json)), '{}')`
      : sql<string>`coalesce((select json_group_object(key, json_object('from', null, 'to', null)) from json_each(history_events.changes)), '{}')`;
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    await db
      .updateTable('history_events')
      .set({ changes: erased })
      .where('entity', '=', entity)
      .where('entity_id', 'in', ids.slice(start, start + IDS_PER_STATEMENT))
      .execute();
  }
}
