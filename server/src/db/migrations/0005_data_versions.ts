import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A version number per cached list, raised by the database itself in the same transaction as
 * every write to the table it follows. A process keeps an answer only as long as the version
 * it read before making it is still current, so every API process sharing the database (and the
 * seed command, or anything else that writes) invalidates every cache at once, with no message
 * between processes. A counter row rather than a sequence: a sequence moves before the write
 * commits, and a reader could then keep the old rows under the new number.
 *
 * SQLite raises it once per row written; PostgreSQL once per statement.
 */
export function dataVersionsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`
        create table data_versions (
          name text primary key,
          version bigint not null default 0
        )`.execute(db);
      await sql`insert into data_versions (name, version) values ('students', 0)`.execute(db);
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
  };
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`
      create trigger ${sql.id(`students_version_${event}`)} after ${sql.raw(event)} on students
      begin
        update data_versions set version = version + 1 where name = 'students';
      end`.execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function students_version_bump() returns trigger language plpgsql as $$
    begin
      update data_versions set version = version + 1 where name = 'students';
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger students_version after insert or update or delete or truncate on students
    for each statement execute function students_version_bump()`.execute(db);
}
