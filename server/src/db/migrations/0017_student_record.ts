import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { NATURAL_ROLL_KEY_FUNCTION } from '../natural-order.js';

/**
 * The student record (docs/api.md, "Students"; decision 0044).
 *
 * - Students gain `admission_number` (unique among live students when given), `date_of_birth`,
 *   `status` (`active`, `left`, `graduated`) with `left_on`, and `guardian_search`: the names
 *   and phone digits of their guardians, which the app writes with them, for the search.
 * - Guardians get their own table, up to four rows per student in the order the form had them;
 *   at most one primary per student, decided by a unique index.
 * - Roll numbers are unique among the active students of a standard: a student who left frees
 *   theirs.
 * - `roll_sort` is the natural order's key of the roll number (db/natural-order.ts), computed on
 *   every write and indexed like the name order: a stored generated column on PostgreSQL (from
 *   an SQL function), a column that triggers fill on SQLite (from the function the app
 *   registers on each connection). Existing rows get theirs here.
 * - `search_text` holds every searched text lower-cased, one per line: name, e-mail, roll
 *   number, admission number, the phone's digits and `guardian_search`. The search's indexes
 *   are built on it alone: SQLite's trigram table (decision 0023) and one pg_trgm index.
 * - The covering list indexes are rebuilt with the new columns, so that a page is still read
 *   from one index, the status filter included.
 */
export function studentRecordMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`alter table students add column admission_number text not null default ''`.execute(
        db,
      );
      await sql`alter table students add column date_of_birth text`.execute(db);
      await sql`
        alter table students add column status text not null default 'active'
        check (status in ('active', 'left', 'graduated'))`.execute(db);
      await sql`alter table students add column left_on text`.execute(db);
      await sql`alter table students add column guardian_search text not null default ''`.execute(
        db,
      );

      await db.schema
        .createTable('student_guardians')
        .addColumn('student_id', 'integer', (col) =>
          col.notNull().references('students.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('relation', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('is_primary', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('student_guardians_pk', ['student_id', 'position'])
        .execute();
      await sql`
        create unique index student_guardians_one_primary
        on student_guardians (student_id) where is_primary = 1`.execute(db);

      await sql`drop index students_live_roll_unique`.execute(db);
      await sql`
        create unique index students_live_roll_unique on students (standard_id, roll_number)
        where deleted_at is null and status = 'active'`.execute(db);
      await sql`
        create unique index students_admission_unique on students (admission_number)
        where deleted_at is null and admission_number <> ''`.execute(db);

      if (dialect === 'postgres') await postgresKeys(db);
      else await sqliteKeys(db);
      await listIndexes(db, dialect, pageColumns);
    },
  };
}

/** The phone's digits: the API lets a phone hold only digits, spaces and + - ( ). */
const sqliteDigits = (column: string) =>
  ['+', '-', '(', ')', ' '].reduce((text, char) => `replace(${text}, '${char}', '')`, column);

const searchedTexts = (lower: (column: string) => string, digits: string) =>
  [
    lower('name'),
    lower('email'),
    lower('roll_number'),
    lower('admission_number'),
    digits,
    lower('guardian_search'),
  ].join(` || char(10) || `);

async function postgresKeys(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ${sql.raw(NATURAL_ROLL_KEY_FUNCTION)}(roll text) returns text
    language sql immutable strict parallel safe as $$
      select coalesce(string_agg(
        case when part ~ '^[0-9]'
          then lpad(length(ltrim(part, '0'))::text, 2, '0') || ltrim(part, '0')
          else part end,
        '' order by n), '')
      from regexp_matches(lower(roll collate "C"), '[0-9]+|[^0-9]+', 'g')
        with ordinality as m(match, n),
        lateral (select match[1] as part) as p
    $$`.execute(db);
  await sql`
    alter table students add column roll_sort text collate "C"
    generated always as (${sql.raw(NATURAL_ROLL_KEY_FUNCTION)}(roll_number)) stored`.execute(db);
  const texts = searchedTexts(
    (column) => `lower(${column})`,
    `regexp_replace(phone_number, '[^0-9]', '', 'g')`,
  ).replaceAll('char(10)', 'chr(10)');
  await sql`
    alter table students add column search_text text
    generated always as (${sql.raw(texts)}) stored`.execute(db);
  for (const column of ['name', 'email', 'roll_number']) {
    await sql`drop index if exists ${sql.id(`students_${column}_trgm_idx`)}`.execute(db);
  }
  const trigrams = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = trigrams.rows[0]?.schema;
  if (schema) {
    await sql`
      create index students_search_trgm_idx on students
      using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
  }
}

/** The distinct trigrams of a student's search text (migration 0009's table). */
const trigramsOf = (row: 'new' | 'old') => sql`
  select distinct substr(${sql.raw(row)}.search_text, position.n, 3) as trigram
  from student_trigram_positions as position
  where position.n <= length(${sql.raw(row)}.search_text) - 2`;

async function sqliteKeys(db: Kysely<unknown>): Promise<void> {
  await sql`alter table students add column roll_sort text not null default ''`.execute(db);
  await sql`update students set roll_sort = ${sql.raw(NATURAL_ROLL_KEY_FUNCTION)}(roll_number)`.execute(
    db,
  );
  await sql`
    create trigger students_roll_sort_insert after insert on students begin
      update students set roll_sort = ${sql.raw(NATURAL_ROLL_KEY_FUNCTION)}(new.roll_number)
      where id = new.id;
    end`.execute(db);
  await sql`
    create trigger students_roll_sort_update after update of roll_number on students begin
      update students set roll_sort = ${sql.raw(NATURAL_ROLL_KEY_FUNCTION)}(new.roll_number)
      where id = new.id;
    end`.execute(db);

  const texts = searchedTexts((column) => `lower(${column})`, sqliteDigits('phone_number'));
  await sql`
    alter table students add column search_text text
    generated always as (${sql.raw(texts)}) virtual`.execute(db);

  // The trigram table now holds the trigrams of the search text, a longer text (every field
  // the API accepts, one per line) than the positions of migration 0009 reach.
  await sql`
    insert into student_trigram_positions (n)
    select value from json_each(${JSON.stringify(
      Array.from({ length: SEARCH_TEXT_POSITIONS - 256 }, (_, index) => index + 257),
    )})`.execute(db);
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.id(`students_trigrams_${trigger}`)}`.execute(db);
  }
  await sql`delete from student_trigrams`.execute(db);
  await sql`
    insert into student_trigrams (trigram, name, id)
    select distinct substr(students.search_text, position.n, 3), students.name, students.id
    from students
    join student_trigram_positions as position
      on position.n <= length(students.search_text) - 2`.execute(db);
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
    create trigger students_trigrams_update
    after update of name, email, roll_number, admission_number, phone_number, guardian_search
    on students
    begin
      delete from student_trigrams
      where name = old.name and id = old.id and trigram in (${trigramsOf('old')});
      insert or ignore into student_trigrams (trigram, name, id)
      select trigram, new.name, new.id from (${trigramsOf('new')});
    end`.execute(db);
}

/**
 * Positions 1 to this can start a trigram of the search text: past the longest one the API
 * allows (a name, an e-mail, a roll number, an admission number, a phone and four guardians'
 * names and phones, with the line breaks between them).
 */
const SEARCH_TEXT_POSITIONS = 1_024;

/** The columns a page of students read then besides its order's key and id. */
export const pageColumns = [
  'name',
  'email',
  'roll_number',
  'standard_id',
  'phone_number',
  'address',
  'admission_number',
  'date_of_birth',
  'status',
  'left_on',
  'created_at',
  'updated_at',
  'version',
];

/**
 * The list's covering indexes of migrations 0010 and 0014 again, with the columns a page reads
 * (`columnsRead`): by name, and by the natural roll-number key, over all live students and
 * within a standard. SQLite keys them on every column; PostgreSQL includes the columns after the
 * key. Within a standard by roll number, SQLite walks a narrow index and looks each row of the
 * page up by rowid, as it walked the unique index before (decision 0025).
 */
export async function listIndexes(
  db: Kysely<unknown>,
  dialect: Dialect,
  columnsRead: readonly string[],
): Promise<void> {
  for (const index of [
    'students_name_idx',
    'students_standard_name_idx',
    'students_roll_idx',
    'students_standard_roll_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  const columns = (key: string[]) =>
    sql.join(
      columnsRead.filter((column) => !key.includes(column)).map((column) => sql.ref(column)),
    );
  const keyed = (key: string[]) => sql.join(key.map((column) => sql.ref(column)));
  const orders: [string, string[]][] = [
    ['students_name_idx', ['name', 'id']],
    ['students_standard_name_idx', ['standard_id', 'name', 'id']],
    ['students_roll_idx', ['roll_sort', 'id']],
    ['students_standard_roll_idx', ['standard_id', 'roll_sort', 'id']],
  ];
  for (const [name, key] of orders) {
    if (dialect === 'postgres') {
      await sql`
        create index ${sql.id(name)} on students (${keyed(key)}) include (${columns(key)})
        where deleted_at is null`.execute(db);
    } else if (name === 'students_standard_roll_idx') {
      await sql`
        create index ${sql.id(name)} on students (${keyed(key)})
        where deleted_at is null`.execute(db);
    } else {
      await sql`
        create index ${sql.id(name)} on students (${keyed(key)}, ${columns(key)})
        where deleted_at is null`.execute(db);
    }
  }
}
