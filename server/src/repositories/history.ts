import { sql, type Insertable } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';
import { IDS_PER_STATEMENT, inChunks } from '../db/in-chunks.js';
import type { BatchesTable, HistoryEventsTable } from '../db/schema.js';

/**
 * The change log and its batches (docs/history.md): history events, written in the
 * transaction of the change they record, and the batches (imports, bulk changes, year-end runs)
 * whose events carry their id.
 */

type HistoryEntity = HistoryEventsTable['entity'];

/** Events per insert: an import writes thousands, and SQLite binds at most 32 766 values. */
const EVENTS_PER_INSERT = 1_000;

export async function insertHistoryEvents(
  db: Executor,
  events: readonly Insertable<HistoryEventsTable>[],
): Promise<void> {
  for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
    await db
      .insertInto('history_events')
      .values(events.slice(start, start + EVENTS_PER_INSERT))
      .execute();
  }
}

/** Up to `limit` events of one record, newest first, with an id below `before` when given. */
export function pageOfHistory(
  db: Executor,
  entity: HistoryEntity,
  entityId: number,
  page: { before: number | undefined; limit: number },
) {
  let select = db
    .selectFrom('history_events')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId);
  if (page.before !== undefined) select = select.where('id', '<', page.before);
  return select.orderBy('id', 'desc').limit(page.limit).execute();
}

/** Whether a record has any event. */
export async function hasHistory(
  db: Executor,
  entity: HistoryEntity,
  entityId: number,
): Promise<boolean> {
  const event = await db
    .selectFrom('history_events')
    .select('id')
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  return event !== undefined;
}

/** What happened to students and standards after `since`, oldest first. */
export function studentAndStandardEventsSince(db: Executor, since: string) {
  return db
    .selectFrom('history_events')
    .select(['entity', 'entity_id', 'at', 'action', 'changes'])
    .where('at', '>', since)
    .where('entity', 'in', ['student', 'standard'])
    .orderBy('id')
    .execute();
}

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

export async function insertBatch(db: Executor, batch: Insertable<BatchesTable>): Promise<void> {
  await db.insertInto('batches').values(batch).execute();
}

/** Marks a batch undone at `now` unless it already is; false when no batch not undone has `id`. */
export async function markBatchUndoneAt(
  db: Executor,
  id: string,
  actorId: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('batches')
    .set({ undone_at: now, undone_by: actorId })
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function batchExists(db: Executor, id: string): Promise<boolean> {
  const row = await db.selectFrom('batches').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Up to `limit` batches, newest first, made before the one at `before` when given. */
export function pageOfBatches(db: Executor, page: { before: number | undefined; limit: number }) {
  let select = db.selectFrom('batches').selectAll();
  if (page.before !== undefined) select = select.where('seq', '<', page.before);
  return select.orderBy('seq', 'desc').limit(page.limit).execute();
}

/** The newest import's batch. */
export function findLastImportBatch(db: Executor) {
  return db
    .selectFrom('batches')
    .selectAll()
    .where('kind', '=', 'import')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Each student that events of `batchIds` touched, once per batch. */
function studentsTouchedBy(db: Executor, batchIds: readonly string[]) {
  return db
    .selectFrom('history_events')
    .select(['import_id', 'entity_id'])
    .distinct()
    .where('entity', '=', 'student')
    .where('import_id', 'in', batchIds);
}

/** How many students each of `batchIds` touched, the ones purged since included. */
export function countStudentsOfBatches(db: Executor, batchIds: readonly string[]) {
  return db
    .selectFrom(studentsTouchedBy(db, batchIds).as('touched'))
    .select(['touched.import_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('touched.import_id')
    .execute();
}

/**
 * The time of the last event of each row of a student or standard query, by the database, for
 * a query that joins it to the rows it returns.
 */
export const lastEventAt = (entity: 'student' | 'standard', idColumn: string) =>
  sql<string | null>`(select max(history_events.at) from history_events
    where history_events.entity = ${entity} and history_events.entity_id = ${sql.ref(idColumn)})`;

/** The events of one batch on students or standards, oldest first, of some actions only if named. */
export function eventsOfBatch(
  db: Executor,
  batchId: string,
  entity: 'student' | 'standard',
  actions?: readonly HistoryEventsTable['action'][],
) {
  let select = db
    .selectFrom('history_events')
    .select(['id', 'entity_id', 'action', 'changes'])
    .where('import_id', '=', batchId)
    .where('entity', '=', entity);
  if (actions !== undefined) select = select.where('action', 'in', actions);
  return select.orderBy('id').execute();
}

/** The records of `ids` with an event after `afterId` that is not part of the batch `batchId`. */
export function changedOutsideBatch(
  db: Executor,
  entity: 'student' | 'standard',
  ids: readonly number[],
  afterId: number,
  batchId: string,
) {
  return db
    .selectFrom('history_events')
    .select('entity_id')
    .where('entity', '=', entity)
    .where('entity_id', 'in', ids)
    .where('id', '>', afterId)
    .where((eb) => eb.or([eb('import_id', 'is', null), eb('import_id', '!=', batchId)]))
    .execute();
}

/** The id of each record's last event, for the records of `ids` that have any. */
export function lastEventIdsOf(
  db: Executor,
  entity: 'student' | 'standard',
  ids: readonly number[],
) {
  return inChunks(ids, (chunk) =>
    db
      .selectFrom('history_events')
      .select(['entity_id', (eb) => eb.fn.max('id').as('last')])
      .where('entity', '=', entity)
      .where('entity_id', 'in', chunk)
      .groupBy('entity_id')
      .execute(),
  );
}
