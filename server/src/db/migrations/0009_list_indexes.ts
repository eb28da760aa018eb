import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** The columns after the sort key that a page of students shows. */
const pageColumns = [
  'email',
  'roll_number',
  'standard_id',
  'phone_number',
  'address',
  'created_at',
  'updated_at',
];

/**
 * Lets every list read a page from one index, in its order, and stop at the page's end
 * (decision 0022).
 *
 * - The student list's two orders (name, id; standard, name, id) become covering indexes: a
 *   page was mostly one random table lookup per row, which reading the columns from the index
 *   avoids. SQLite keys them on every column; PostgreSQL includes the columns after the key.
 * - SQLite's search index becomes a table keyed by (trigram, name, id) instead of the FTS5
 *   table of migration 0004, so the students holding a piece of the text come out in the
 *   list's order and a page stops after its rows; FTS5 returned every match by id, and sorting
 *   them cost in proportion to how many matched. PostgreSQL keeps its pg_trgm indexes.
 * - The data versions of migrations 0005 and 0006 go, with their triggers: nothing keeps
 *   answers any longer.
 */
export function listIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        await sqliteCoveringIndexes(db);
        await sqliteTrigramIndex(db);
        for (const event of ['insert', 'update', 'delete']) {
          await sql`drop trigger ${sql.id(`students_version_${event}`)}`.execute(db);
        }
      } else {
        await postgresCoveringIndexes(db);
        await sql`drop trigger students_version on students`.execute(db);
        await sql`drop function students_version_bump()`.execute(db);
      }
      await sql`drop table data_versions`.execute(db);
    },
  };
}

async function sqliteCoveringIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`drop index students_name_idx`.execute(db);
  await sql`drop index students_standard_name_idx`.execute(db);
  const rest = sql.join(pageColumns.map((column) => sql.ref(column)));
  await sql`create index students_name_idx on students (name, id, ${rest})`.execute(db);
  const restButStandard = sql.join(
    pageColumns.filter((column) => column !== 'standard_id').map((column) => sql.ref(column)),
  );
  await sql`
    create index students_standard_name_idx
    on students (standard_id, name, id, ${restButStandard})`.execute(db);
}

async function postgresCoveringIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`drop index students_name_idx`.execute(db);
  await sql`drop index students_standard_name_idx`.execute(db);
  const rest = sql.join(pageColumns.map((column) => sql.ref(column)));
  await sql`create index students_name_idx on students (name, id) include (${rest})`.execute(db);
  await sql`
    create index students_standard_name_idx
    on students (standard_id, name, id) include (${rest})`.execute(db);
}

/**
 * Positions 1 to this in a text can start a trigram: past any field the API accepts (an
 * e-mail address is the longest, 254 characters).
 */
const TRIGRAM_POSITIONS = 256;

/** The distinct trigrams of a student's searched columns, lower-cased as the search text is. */
const trigramsOf = (row: 'new' | 'old') => sql`
  select distinct substr(lower(text.value), position.n, 3) as trigram
  from (
    select ${sql.raw(row)}.name as value
    union all select ${sql.raw(row)}.email
    union all select ${sql.raw(row)}.roll_number
  ) as text
  join student_trigram_positions as position on position.n <= length(text.value) - 2`;

async function sqliteTrigramIndex(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.id(`students_search_${trigger}`)}`.execute(db);
  }
  await sql`drop table students_search`.execute(db);

  // Triggers cannot use WITH, so the positions a trigram may start at are a table.
  await sql`create table student_trigram_positions (n integer primary key)`.execute(db);
  await sql`
    insert into student_trigram_positions (n)
    select value from json_each(${JSON.stringify(
      Array.from({ length: TRIGRAM_POSITIONS }, (_, index) => index + 1),
    )})`.execute(db);
  await sql`
    create table student_trigrams (
      trigram text not null,
      name text not null,
      id integer not null,
      primary key (trigram, name, id)
    ) without rowid`.execute(db);
  await sql`
    insert into student_trigrams (trigram, name, id)
    select distinct substr(lower(text.value), position.n, 3), text.name, text.id
    from (
      select id, name, name as value from students
      union all select id, name, email from students
      union all select id, name, roll_number from students
    ) as text
    join student_trigram_positions as position on position.n <= length(text.value) - 2`.execute(db);
  await sql`
    create trigger students_trigrams_insert after insert on students begin
      insert or ignore into student_trigrams (trigram, name, id)
      select trigram, new.name, new.id from (${trigramsOf('new')});
    end`.execute(db);
  await sql`
    create trigger students_trigrams_delete after delete on students begin
      delete from student_trigrams
      where name = old.name and id = old.id and trigram in (${trigramsOf('old')});
    end`.execute(db);
  await sql`
    create trigger students_trigrams_update after update of name, email, roll_number on students
    begin
      delete from student_trigrams
      where name = old.name and id = old.id and trigram in (${trigramsOf('old')});
      insert or ignore into student_trigrams (trigram, name, id)
      select trigram, new.name, new.id from (${trigramsOf('new')});
    end`.execute(db);
}
