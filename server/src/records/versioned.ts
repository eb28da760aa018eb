import type { Selectable, Updateable } from 'kysely';
import { appTexts } from '@um/contract';
import type { Dialect, Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import type { Database } from '../db/schema.js';
import { editConflict, notFound, type HttpError } from '../http/problem.js';
import { recordChanges, type Change, type HistoryAction } from './change-log.js';

/**
 * The steps every versioned record (a student, a standard) takes the same way, inside the
 * transaction of a write (docs/history.md):
 *
 * - a change starts from the live row, locked for update on PostgreSQL until the transaction
 *   ends, so the values it starts from are the ones it replaces (SQLite runs one write
 *   transaction at a time);
 * - a save naming a `version` that is no longer current is an edit conflict carrying the record
 *   as it now is, and writes nothing; the update itself names the version it replaces, so of
 *   two saves of one version only the first changes anything;
 * - a delete moves the record to the bin (`deleted_at`, `deleted_by`) and a restore takes it
 *   back, with its id;
 * - every change adds one to `version` and writes one history event.
 *
 * What only one kind of record knows (a student's standard must be live, a standard with
 * students cannot go to the bin) its writes check between these steps.
 */

/** The tables of versioned records: each has `version`, `updated_at` and the bin's columns. */
export type VersionedTable = 'students' | 'standards';

type RowOf<Table extends VersionedTable> = Selectable<Database[Table]>;

export interface VersionedRecordsOf<Table extends VersionedTable> {
  table: Table;
  /** The record's 404, for a change to an id that is not live. */
  notFound: () => HttpError;
  /** The change as the record's history writes it. */
  changeOf: (
    actorId: number,
    action: HistoryAction,
    before: RowOf<Table> | null,
    after: RowOf<Table> | null,
  ) => Change;
  /** The record as an answer shows it: the `current` of an edit conflict. */
  current: (trx: Executor, row: RowOf<Table>) => Promise<unknown> | unknown;
}

/** Who changes which record, and the version they edited (none: replace whatever is there). */
export interface VersionedChange {
  id: number;
  version?: number | undefined;
  actorId: number;
}

export function versionedRecords<Table extends VersionedTable>(records: VersionedRecordsOf<Table>) {
  // Both tables share the columns these steps read and write; Kysely types one of them.
  const table = records.table as 'students';
  const asRow = (row: Selectable<Database['students']>) => row as unknown as RowOf<Table>;

  async function lock(trx: Executor, dialect: Dialect, id: number, inBin: boolean) {
    const select = trx
      .selectFrom(table)
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', inBin ? 'is not' : 'is', null);
    return (dialect === 'postgres' ? select.forUpdate() : select).executeTakeFirst();
  }

  const editConflictWith = async (trx: Executor, row: Selectable<Database['students']>) =>
    editConflict(appTexts.history.editConflict, await records.current(trx, asRow(row)));

  return {
    /** The live record `id`, locked for update on PostgreSQL until the transaction ends. */
    async lockLive(trx: Executor, dialect: Dialect, id: number) {
      const row = await lock(trx, dialect, id, false);
      return row && asRow(row);
    },

    /**
     * Replaces fields of the live record, if it is still at the version the client edited.
     * `fields` gives the new values from the locked row, after any check of its own; `related`,
     * if given, then replaces rows that belong to the record (a student's guardians) and says
     * what they were and are, for the same history event.
     */
    async update(
      trx: Executor,
      dialect: Dialect,
      { id, version, actorId }: VersionedChange,
      fields: (before: RowOf<Table>) => Promise<Updateable<Database[Table]>>,
      related?: () => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }>,
    ): Promise<RowOf<Table>> {
      const before = await lock(trx, dialect, id, false);
      if (!before) throw records.notFound();
      if (version !== undefined && before.version !== version) {
        throw await editConflictWith(trx, before);
      }
      const values = (await fields(asRow(before))) as Updateable<Database['students']>;
      const after = await trx
        .updateTable(table)
        .set((eb) => ({ ...values, updated_at: nowIso(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', before.version)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!after) {
        const current = await lock(trx, dialect, id, false);
        throw current ? await editConflictWith(trx, current) : records.notFound();
      }
      const change = records.changeOf(actorId, 'update', asRow(before), asRow(after));
      const alsoChanged = related && (await related());
      await recordChanges(trx, [
        alsoChanged
          ? {
              ...change,
              before: { ...change.before, ...alsoChanged.before },
              after: { ...change.after, ...alsoChanged.after },
            }
          : change,
      ]);
      return asRow(after);
    },

    /** Moves the live record `id` to the bin; its history and its id stay. */
    async moveToBin(trx: Executor, id: number, actorId: number): Promise<RowOf<Table>> {
      const row = await trx
        .updateTable(table)
        .set((eb) => ({
          deleted_at: nowIso(),
          deleted_by: actorId,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw records.notFound();
      await recordChanges(trx, [records.changeOf(actorId, 'delete', asRow(row), null)]);
      return asRow(row);
    },

    /**
     * Puts the record `id` in the bin back, with its id, once `check` (given the binned row,
     * locked like a live one) has found nothing against it; `fields` are values it comes back
     * with instead of its own (a student's new roll number).
     */
    async restore(
      trx: Executor,
      dialect: Dialect,
      id: number,
      actorId: number,
      check: (binned: RowOf<Table>) => Promise<void> = async () => undefined,
      fields: Updateable<Database[Table]> = {},
    ): Promise<RowOf<Table>> {
      const binned = await lock(trx, dialect, id, true);
      if (!binned) throw notFound(appTexts.history.notInBin);
      await check(asRow(binned));
      const values = fields as Updateable<Database['students']>;
      const row = await trx
        .updateTable(table)
        .set((eb) => ({
          ...values,
          deleted_at: null,
          deleted_by: null,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordChanges(trx, [records.changeOf(actorId, 'restore', null, asRow(row))]);
      return asRow(row);
    },
  };
}
