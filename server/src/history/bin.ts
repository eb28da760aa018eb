import { sql } from 'kysely';
import { z } from 'zod';
import type { BinEntry } from '@um/contract';
import { nowIso, type Db, type Dialect, type Executor } from '../db/database.js';
import { cursorParts, decodeCursor, toPage } from '../http/keyset.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Newest first: [deleted_at, entity, id], all descending. */
const cursorKeySchema = z.tuple([
  cursorParts.text,
  z.enum(['student', 'standard']),
  cursorParts.id,
]);

/** The bin: students and standards that were deleted and not yet purged, newest first. */
export async function listBin(db: Executor, query: { limit: number; cursor?: string | undefined }) {
  const after = decodeCursor(query.cursor, cursorKeySchema);
  let select = db
    .selectFrom((eb) =>
      eb
        .selectFrom('students')
        .select([
          sql<'student' | 'standard'>`'student'`.as('entity'),
          'id',
          'name',
          'deleted_at',
          'deleted_by',
        ])
        .where('deleted_at', 'is not', null)
        .unionAll(
          eb
            .selectFrom('standards')
            .select([
              sql<'student' | 'standard'>`'standard'`.as('entity'),
              'id',
              'name',
              'deleted_at',
              'deleted_by',
            ])
            .where('deleted_at', 'is not', null),
        )
        .as('bin'),
    )
    .leftJoin('users', 'users.id', 'bin.deleted_by')
    .select([
      'bin.entity',
      'bin.id',
      'bin.name',
      'bin.deleted_at',
      'bin.deleted_by',
      'users.name as user_name',
      'users.email as user_email',
    ]);
  if (after) {
    select = select.where((eb) =>
      eb(
        eb.refTuple('bin.deleted_at', 'bin.entity', 'bin.id'),
        '<',
        eb.tuple(after[0], after[1], after[2]),
      ),
    );
  }
  const rows = await select
    .orderBy('bin.deleted_at', 'desc')
    .orderBy('bin.entity', 'desc')
    .orderBy('bin.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = toPage(rows, query.limit, (row) => [row.deleted_at, row.entity, row.id]);
  const data: BinEntry[] = page.rows.map((row) => ({
    entity: row.entity,
    id: row.id,
    name: row.name,
    deleted_at: row.deleted_at ?? '',
    deleted_by: { id: row.deleted_by, name: row.user_name || row.user_email || '' },
  }));
  return { data, next_cursor: page.nextCursor };
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
 * History stays: it is append-only.
 */
export async function purgeBin(
  db: Db,
  dialect: Dialect,
  retentionDays: number,
  now: Date = new Date(),
): Promise<{ students: number; standards: number }> {
  const cutoff = nowIso(new Date(now.getTime() - retentionDays * DAY_MS));
  return oneAtATime(db, dialect, async (trx) => {
    const students = await trx
      .deleteFrom('students')
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .executeTakeFirst();
    const standards = await trx
      .deleteFrom('standards')
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('students')
              .select('students.id')
              .whereRef('students.standard_id', '=', 'standards.id'),
          ),
        ),
      )
      .executeTakeFirst();
    return {
      students: Number(students.numDeletedRows),
      standards: Number(standards.numDeletedRows),
    };
  });
}
