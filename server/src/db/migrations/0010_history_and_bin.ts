import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * History, the bin and edit versions (docs/history.md).
 *
 * Students and standards get `version` (existing rows start at 1), and `deleted_at` and
 * `deleted_by` for the bin. A student in the bin no longer holds its roll number: the unique
 * constraint of migration 0001 becomes a unique index over live students only. PostgreSQL drops
 * the constraint; SQLite cannot drop a constraint written in CREATE TABLE, so it rebuilds the
 * table without it, keeping its ids, its AUTOINCREMENT high-water mark, and every index and
 * trigger that other migrations put on it (the search index's triggers among them).
 *
 * `history_events` is append-only; it has no foreign keys, so that a purged record or a staff
 * member who left keeps their history. `changes` is JSON text on both databases.
 */
export function historyAndBinMigration(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['students', 'standards']) {
        await db.schema
          .alterTable(table)
          .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
          .execute();
        await db.schema.alterTable(table).addColumn('deleted_at', timestamp).execute();
        await db.schema.alterTable(table).addColumn('deleted_by', 'integer').execute();
        await db.schema
          .createIndex(`${table}_deleted_idx`)
          .on(table)
          .column('deleted_at')
          .where(sql.ref('deleted_at'), 'is not', null)
          .execute();
      }

      if (dialect === 'postgres') {
        await sql`alter table students drop constraint students_standard_roll_unique`.execute(db);
      } else {
        await db.transaction().execute((trx) => rebuildStudentsWithoutRollConstraint(trx));
      }
      await db.schema
        .createIndex('students_live_roll_unique')
        .on('students')
        .columns(['standard_id', 'roll_number'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();

      await liveListIndexes(db, dialect);

      await db.schema
        .createTable('history_events')
        .addColumn('id', 'integer', (col) =>
          dialect === 'postgres'
            ? col.primaryKey().generatedByDefaultAsIdentity()
            : col.primaryKey().autoIncrement(),
        )
        .addColumn('entity', 'text', (col) => col.notNull())
        .addColumn('entity_id', 'integer', (col) => col.notNull())
        .addColumn('at', timestamp, (col) => col.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_name', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('changes', 'text', (col) => col.notNull())
        .addColumn('import_id', 'text')
        .execute();
      await db.schema
        .createIndex('history_events_entity_idx')
        .on('history_events')
        .columns(['entity', 'entity_id', 'id'])
        .execute();
    },
  };
}

/** The columns a list page reads besides its order (name, id), as migration 0009 covers them. */
const pageColumns = [
  'email',
  'roll_number',
  'standard_id',
  'phone_number',
  'address',
  'created_at',
  'updated_at',
  'version',
];

/**
 * The covering list indexes of migration 0009 again, with `version`, and over live students
 * only: every list asks for `deleted_at is null`, so a page is still read from one index.
 */
async function liveListIndexes(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`drop index students_name_idx`.execute(db);
  await sql`drop index students_standard_name_idx`.execute(db);
  const rest = sql.join(pageColumns.map((column) => sql.ref(column)));
  const restButStandard = sql.join(
    pageColumns.filter((column) => column !== 'standard_id').map((column) => sql.ref(column)),
  );
  if (dialect === 'sqlite') {
    await sql`
      create index students_name_idx on students (name, id, ${rest})
      where deleted_at is null`.execute(db);
    await sql`
      create index students_standard_name_idx on students (standard_id, name, id, ${restButStandard})
      where deleted_at is null`.execute(db);
    return;
  }
  await sql`
    create index students_name_idx on students (name, id) include (${rest})
    where deleted_at is null`.execute(db);
  await sql`
    create index students_standard_name_idx on students (standard_id, name, id) include (${rest})
    where deleted_at is null`.execute(db);
}

const ROLL_CONSTRAINT = /,\s*constraint\s+"?students_standard_roll_unique"?\s+unique\s*\([^)]*\)/i;

async function rebuildStudentsWithoutRollConstraint(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'students'`.execute(db);
  const createSql = table.rows[0]?.sql;
  if (!createSql || !ROLL_CONSTRAINT.test(createSql)) {
    throw new Error('students has no roll-number constraint to replace');
  }
  const dependents = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = 'students' and type in ('index', 'trigger') and sql is not null`.execute(db);
  const sequence = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = 'students'`.execute(db);

  const rebuilt = createSql
    .replace(ROLL_CONSTRAINT, '')
    .replace(/^create table\s+"?students"?/i, 'create table "students_rebuild"');
  await sql.raw(rebuilt).execute(db);
  await sql`insert into students_rebuild select * from students`.execute(db);
  await sql`drop table students`.execute(db);
  await sql`alter table students_rebuild rename to students`.execute(db);
  for (const { sql: text } of dependents.rows) await sql.raw(text).execute(db);
  const highWater = sequence.rows[0]?.seq;
  if (highWater !== undefined) {
    await sql`
      update sqlite_sequence set seq = max(seq, ${highWater}) where name = 'students'`.execute(db);
  }
}
