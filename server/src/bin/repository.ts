import { sql } from 'kysely';
import { z } from 'zod';
import type { BinEntry } from '@um/contract';
import type { Db, Dialect, Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import { cursorParts, keyset, type Page } from '../db/paging.js';
import { eraseHistoryValues } from '../repositories/history.js';
import { purgeEmptyStandardsBinnedBefore } from '../repositories/standards.js';
import {
  binRows,
  deleteBinnedStudent,
  purgeStudentsBinnedBefore,
} from '../repositories/students.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Newest first: [deleted_at, entity, id], all descending. */
const binPages = keyset(
  z.tuple([cursorParts.text, z.enum(['student', 'standard']), cursorParts.id]),
  (entry: BinEntry) => [entry.deleted_at, entry.entity, entry.id] as const,
);

/**
 * The bin: students and standards that were deleted and not yet purged, newest first, each
 * student with its roll number and standard, searched by words when `q` holds any. The bin
 * holds only what was deleted within TRASH_RETENTION_DAYS, so a search checks its rows in
 * order without an index of its own (decision 0046).
 */
export async function listBin(
  db: Executor,
  dialect: Dialect,
  query: { limit: number; cursor?: string | undefined; q?: string | undefined },
): Promise<Page<BinEntry>> {
  const request = binPages.request(query);
  const { after } = request;
  const words = [...new Set((query.q ?? '').split(/\s+/u).filter((word) => word !== ''))];
  const rows = await binRows(db, dialect, words, after, request.rowsToRead);
  const entries = rows.map((row): BinEntry => ({
    entity: row.entity,
    id: row.id,
    name: row.name,
    deleted_at: row.deleted_at ?? '',
    deleted_by: { id: row.deleted_by, name: row.user_name || row.user_email || '' },
    roll_number: row.roll_number,
    standard:
      row.standard_id === null ? null : { id: row.standard_id, name: row.standard_name ?? null },
  }));
  return binPages.page(entries, request);
}

/**
 * Runs `work` in a transaction that waits for any other purge of this database to end first.
 * PostgreSQL: an advisory lock per deployment (schema), so two deletes of the same rows never
 * lock them in different orders. SQLite: BEGIN IMMEDIATE, which takes the write lock before
 * reading; a deferred transaction from another process was refused as "database is locked"
 * now and then, without waiting (found by the test of two processes purging at once).
 */
async function oneAtATime<T>(
  db: Db,
  dialect: Dialect,
  work: (trx: Executor) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('um-purge-bin:' || current_schema()))`.execute(
        trx,
      );
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Removes for good what has been in the bin longer than `retentionDays`, students before
 * standards (a standard's students went to the bin before it did). Each statement deletes only
 * rows still there, and purges run one after another, so processes purging at once neither fail
 * nor remove anything twice.
 * History stays, but a purged student's keeps no personal data: its values are erased.
 */
export async function purgeBin(
  db: Db,
  dialect: Dialect,
  retentionDays: number,
  now: Date = new Date(),
): Promise<{ students: number; standards: number }> {
  const cutoff = nowIso(new Date(now.getTime() - retentionDays * DAY_MS));
  const removed = await oneAtATime(db, dialect, async (trx) => {
    const students = await purgeStudentsBinnedBefore(trx, cutoff);
    await eraseHistoryValues(
      trx,
      dialect,
      'student',
      students.map((student) => student.id),
    );
    const standards = await purgeEmptyStandardsBinnedBefore(trx, cutoff);
    return { students: students.length, standards };
  });
  if (removed.students > 0) await rewriteWithoutErasedCopies(db, dialect);
  return removed;
}

/**
 * Erases a student in the bin at once, as a purge would once the bin's time is up: the row goes
 * and its history keeps no value. False when the student is not in the bin (live, purged, or
 * never there), and then nothing changes.
 */
export async function eraseStudentFromBin(db: Db, dialect: Dialect, id: number): Promise<boolean> {
  const erased = await db.transaction().execute(async (trx) => {
    const erased = await deleteBinnedStudent(trx, id);
    if (!erased) return false;
    await eraseHistoryValues(trx, dialect, 'student', [id]);
    return true;
  });
  if (erased) await rewriteWithoutErasedCopies(db, dialect);
  return erased;
}

/**
 * SQLite zeroes a deleted row where it lay, but a page rebuilt earlier (when a row beside it came
 * or went) may keep stale copies of its cells in the page's unused space, where no pragma reaches
 * them: only rewriting the file does. The write-ahead log (`app.db-wal`) keeps every page written
 * since its last reset, the erased ones among them, until frames are written over: a TRUNCATE
 * checkpoint copies the log into the file and empties it, so a copy of the data folder holds no
 * erased value either. A school's file takes well under a second; PostgreSQL leaves this to
 * autovacuum (docs/history.md).
 */
async function rewriteWithoutErasedCopies(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`vacuum`.execute(db);
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}
