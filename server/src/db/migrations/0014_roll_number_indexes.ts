import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** The columns a list page reads besides its order (roll number, id). */
const pageColumns = [
  'name',
  'email',
  'standard_id',
  'phone_number',
  'address',
  'created_at',
  'updated_at',
  'version',
];

/**
 * The student list by roll number (docs/api.md, "Lists") gets covering indexes over live students
 * like the name order's (migration 0010), so that a page in either direction is read from one index
 * and stops at its end (decision 0025).
 *
 * Within a standard, SQLite's planner walks the unique index of live roll numbers per standard
 * (migration 0010), which has the order, and looks each row of the page up by rowid, as fast as a
 * covering index would be (decision 0025). So SQLite gets the order over all students only;
 * PostgreSQL, whose lookups are heap fetches, reads both from covering indexes.
 */
export function rollNumberIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const rest = sql.join(pageColumns.map((column) => sql.ref(column)));
      if (dialect === 'sqlite') {
        await sql`
          create index students_roll_idx on students (roll_number, id, ${rest})
          where deleted_at is null`.execute(db);
        return;
      }
      await sql`
        create index students_roll_idx on students (roll_number, id) include (${rest})
        where deleted_at is null`.execute(db);
      const restButStandard = sql.join(
        pageColumns.filter((column) => column !== 'standard_id').map((column) => sql.ref(column)),
      );
      await sql`
        create index students_standard_roll_idx on students (standard_id, roll_number, id)
        include (${restButStandard})
        where deleted_at is null`.execute(db);
    },
  };
}
