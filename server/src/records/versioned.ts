import { appTexts } from '@um/contract';
import type { Dialect, Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import type { VersionedRows } from '../db/versioned-rows.js';
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

/** What these steps read of a row: each versioned table has `version` and the bin's columns. */
interface VersionedRow {
  id: number;
  version: number;
}

export interface VersionedRecordsOf<Row extends VersionedRow, Values> {
  rows: VersionedRows<Row, Values>;
  /** The record's 404, for a change to an id that is not live. */
  notFound: () => HttpError;
  /** The change as the record's history writes it. */
  changeOf: (
    actorId: number,
    action: HistoryAction,
    before: Row | null,
    after: Row | null,
  ) => Change;
  /** The record as an answer shows it: the `current` of an edit conflict. */
  current: (trx: Executor, row: Row) => Promise<unknown> | unknown;
}

/** Who changes which record, and the version they edited (none: replace whatever is there). */
export interface VersionedChange {
  id: number;
  version?: number | undefined;
  actorId: number;
}

export function versionedRecords<Row extends VersionedRow, Values>(
  records: VersionedRecordsOf<Row, Values>,
) {
  const { rows } = records;
  const editConflictWith = async (trx: Executor, row: Row) =>
    editConflict(appTexts.history.editConflict, await records.current(trx, row));

  return {
    /** The live record `id`, locked for update on PostgreSQL until the transaction ends. */
    async lockLive(trx: Executor, dialect: Dialect, id: number) {
      return rows.lock(trx, dialect, id, false);
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
      fields: (before: Row) => Promise<Values>,
      related?: () => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }>,
    ): Promise<Row> {
      const before = await rows.lock(trx, dialect, id, false);
      if (!before) throw records.notFound();
      if (version !== undefined && before.version !== version) {
        throw await editConflictWith(trx, before);
      }
      const after = await rows.updateAtVersion(trx, before, await fields(before), nowIso());
      if (!after) {
        const current = await rows.lock(trx, dialect, id, false);
        throw current ? await editConflictWith(trx, current) : records.notFound();
      }
      const change = records.changeOf(actorId, 'update', before, after);
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
      return after;
    },

    /** Moves the live record `id` to the bin; its history and its id stay. */
    async moveToBin(trx: Executor, id: number, actorId: number): Promise<Row> {
      const row = await rows.moveToBin(trx, id, actorId, nowIso());
      if (!row) throw records.notFound();
      await recordChanges(trx, [records.changeOf(actorId, 'delete', row, null)]);
      return row;
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
      check: (binned: Row) => Promise<void> = async () => undefined,
      fields?: Values,
    ): Promise<Row> {
      const binned = await rows.lock(trx, dialect, id, true);
      if (!binned) throw notFound(appTexts.history.notInBin);
      await check(binned);
      const row = await rows.restore(trx, id, fields);
      await recordChanges(trx, [records.changeOf(actorId, 'restore', null, row)]);
      return row;
    },
  };
}
