import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** How many rows a version is spread over on PostgreSQL. */
export const VERSION_STRIPES = 16;

/**
 * A version becomes the sum of a few rows (stripes) instead of one row. On PostgreSQL the
 * trigger of migration 0005 updated one row in every student write, and a row's lock is held
 * until the transaction has committed, WAL flush included, so concurrent creates waited for
 * each other's commit one by one (decision 0022). Each transaction now raises the stripe
 * of its transaction id, so writers in flight together (consecutive ids) almost never
 * meet on one row, and the sum still rises with every committed write and only then.
 *
 * The trigger inserts a missing stripe rather than skipping it: an operator who deleted the
 * rows gets them back with the next write instead of a version that never moves again.
 *
 * SQLite writes one transaction at a time, so it keeps its one row (stripe 0) and its triggers.
 */
export function versionStripesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sql`alter table data_versions add column stripe integer not null default 0`.execute(
          db,
        );
        return;
      }
      await sql`alter table data_versions add column stripe smallint not null default 0`.execute(
        db,
      );
      await sql`alter table data_versions drop constraint data_versions_pkey`.execute(db);
      await sql`alter table data_versions add primary key (name, stripe)`.execute(db);
      await sql`
        insert into data_versions (name, stripe, version)
        select 'students', stripe, 0 from generate_series(1, ${sql.lit(VERSION_STRIPES - 1)}) stripe
      `.execute(db);
      await sql`
        create or replace function students_version_bump() returns trigger language plpgsql as $$
        begin
          insert into data_versions (name, stripe, version)
          values ('students', txid_current() % ${sql.lit(VERSION_STRIPES)}, 1)
          on conflict (name, stripe) do update set version = data_versions.version + 1;
          return null;
        end
        $$`.execute(db);
    },
  };
}
