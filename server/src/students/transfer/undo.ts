import { importTexts, type ImportUndoResult } from '@um/contract';
import { nowIso, type Db, type Dialect, type Executor } from '../../db/database.js';
import type { Updateable } from 'kysely';
import type { StudentRow, StudentsTable } from '../../db/schema.js';
import { recordChanges, type Change } from '../../history/events.js';
import { conflict, notFound } from '../../http/problem.js';
import { studentChange } from '../repository.js';

const IDS_PER_STATEMENT = 500;

type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The history field of a student and the column that holds it, where they differ. */
const COLUMNS: Record<string, string> = { standard: 'standard_id' };

async function inChunks<T>(ids: readonly number[], read: (chunk: number[]) => Promise<T[]>) {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    rows.push(...(await read(ids.slice(start, start + IDS_PER_STATEMENT))));
  }
  return rows;
}

/** The students an import touched, locked for update on PostgreSQL until the transaction ends. */
function lockStudents(db: Executor, dialect: Dialect, ids: readonly number[]) {
  return inChunks(ids, (chunk) => {
    const select = db.selectFrom('students').selectAll().where('id', 'in', chunk);
    return (dialect === 'postgres' ? select.forUpdate() : select).execute();
  });
}

/**
 * Reverts an import: the students it created go to the bin, the ones it updated get their
 * previous values back, in one transaction whose history events carry the import's id. Refused
 * (409, nothing written) when any of them changed after the import, which its history shows:
 * every change of a student writes an event, so a later event than the import's means the
 * student is no longer as the import left it.
 */
export async function undoImport(
  db: Db,
  dialect: Dialect,
  importId: string,
  actorId: number,
): Promise<ImportUndoResult> {
  return db.transaction().execute(async (trx) => {
    const events = await trx
      .selectFrom('history_events')
      .select(['id', 'entity_id', 'action', 'changes'])
      .where('import_id', '=', importId)
      .where('entity', '=', 'student')
      .orderBy('id')
      .execute();
    if (events.length === 0) throw notFound(importTexts.importNotFound);
    if (events.some((event) => event.action !== 'import'))
      throw conflict(importTexts.alreadyUndone);

    const ids = events.map((event) => event.entity_id);
    const students = new Map(
      (await lockStudents(trx, dialect, ids)).map((row) => [row.id, row] as const),
    );
    const latest = await inChunks(ids, (chunk) =>
      trx
        .selectFrom('history_events')
        .select(['entity_id', (eb) => eb.fn.max('id').as('last')])
        .where('entity', '=', 'student')
        .where('entity_id', 'in', chunk)
        .groupBy('entity_id')
        .execute(),
    );
    const lastEvent = new Map(latest.map((row) => [row.entity_id, Number(row.last)] as const));
    const changed = events.filter(
      (event) =>
        (lastEvent.get(event.entity_id) ?? 0) > event.id ||
        students.get(event.entity_id)?.deleted_at !== null,
    );
    if (changed.length > 0) throw conflict(importTexts.changedSince(changed.length));

    const now = nowIso();
    const history: Change[] = [];
    const created: number[] = [];
    const updated: { id: number; changes: FieldChanges }[] = [];
    for (const event of events) {
      const changes = JSON.parse(event.changes) as FieldChanges;
      // A create records every field as coming from nothing; an update never does, since no
      // field of a student is ever null.
      if (Object.values(changes).every((change) => change.from === null)) {
        created.push(event.entity_id);
      } else {
        updated.push({ id: event.entity_id, changes });
      }
    }
    const binned = await inChunks(created, (chunk) =>
      trx
        .updateTable('students')
        .set((eb) => ({ deleted_at: now, deleted_by: actorId, version: eb('version', '+', 1) }))
        .where('id', 'in', chunk)
        .returningAll()
        .execute(),
    );
    for (const row of binned)
      history.push({ ...studentChange(actorId, 'delete', row, null), importId });
    for (const { id, changes } of updated) {
      const before = students.get(id) as StudentRow;
      const previous = Object.fromEntries(
        Object.entries(changes).map(([field, change]) => [COLUMNS[field] ?? field, change.from]),
      ) as Updateable<StudentsTable>;
      const after = await trx
        .updateTable('students')
        .set((eb) => ({ ...previous, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', before.version)
        .returningAll()
        .executeTakeFirstOrThrow();
      history.push({ ...studentChange(actorId, 'update', before, after), importId });
    }
    await recordChanges(trx, history);
    return { import_id: importId, removed: binned.length, reverted: updated.length };
  });
}
