import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Standard names compared as people read them (decision 0075): `name_key` is the name trimmed,
 * its inner runs of spaces made one and lower-cased (`standardNameKey`), written by the server
 * with every name, and unique within an academic year, binned standards included, as names
 * already were.
 *
 * Existing rows get their key here. Look-alikes saved before (a "Grade 5 B" and a
 * "grade 5  b" of the same year) are kept: the oldest gets the key, each later one its key
 * with `#` and its id, so that the index can be made. Such a standard saves again once renamed
 * to a name no other standard of its year looks like.
 */
/** `standardNameKey` as it was when this migration was written, so that it stays what it did. */
const standardNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export function standardNameKeysMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`alter table standards add column name_key text not null default ''`.execute(db);
      const rows = await sql<{ id: number; name: string; academic_year: string }>`
        select id, name, academic_year from standards order by id`.execute(db);
      const taken = new Set<string>();
      for (const { id, name, academic_year: year } of rows.rows) {
        const key = standardNameKey(name);
        const free = !taken.has(`${year}\n${key}`);
        taken.add(`${year}\n${key}`);
        await sql`update standards set name_key = ${free ? key : `${key}#${id}`} where id = ${id}`.execute(
          db,
        );
      }
      // SQLite cannot drop a column's default; PostgreSQL does, so a write without a key fails.
      if (dialect === 'postgres') {
        await sql`alter table standards alter column name_key drop default`.execute(db);
      }
      await sql`
        create unique index standards_year_name_key_unique
        on standards (academic_year, name_key)`.execute(db);
    },
  };
}
