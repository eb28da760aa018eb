import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Indexes for the student search (`?q=`, a substring of name, e-mail or roll number), found
 * by `npm run bench`: without them every search reads all students, 0.1-0.4 s per request at
 * 100 000 students, and concurrent searches queue behind each other.
 *
 * SQLite: an FTS5 table with the trigram tokenizer over those three columns, kept in step with
 * `students` by triggers. It holds no copy of the text (external content), only the index.
 *
 * PostgreSQL: pg_trgm GIN indexes on the lower-cased columns, which the planner uses for the
 * very LIKE the repository runs. pg_trgm ships with PostgreSQL but an engine may lack it or
 * refuse to create it; then search stays correct and only slower, so the migration goes on.
 */
export function performanceMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') await sqliteSearchIndex(db);
      else await postgresSearchIndexes(db);
    },
  };
}

async function sqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`
    create virtual table students_search using fts5(
      name, email, roll_number,
      content = 'students', content_rowid = 'id', tokenize = 'trigram'
    )`.execute(db);
  await sql`insert into students_search (students_search) values ('rebuild')`.execute(db);
  await sql`
    create trigger students_search_insert after insert on students begin
      insert into students_search (rowid, name, email, roll_number)
      values (new.id, new.name, new.email, new.roll_number);
    end`.execute(db);
  // An external-content FTS5 table forgets a row only when told the values it indexed.
  await sql`
    create trigger students_search_delete after delete on students begin
      insert into students_search (students_search, rowid, name, email, roll_number)
      values ('delete', old.id, old.name, old.email, old.roll_number);
    end`.execute(db);
  await sql`
    create trigger students_search_update after update of name, email, roll_number on students
    begin
      insert into students_search (students_search, rowid, name, email, roll_number)
      values ('delete', old.id, old.name, old.email, old.roll_number);
      insert into students_search (rowid, name, email, roll_number)
      values (new.id, new.name, new.email, new.roll_number);
    end`.execute(db);
}

async function postgresSearchIndexes(db: Kysely<unknown>): Promise<void> {
  const schema = await trigramSchema(db);
  if (!schema) return;
  for (const column of ['name', 'email', 'roll_number']) {
    await sql`
      create index ${sql.id(`students_${column}_trgm_idx`)} on students
      using gin (lower(${sql.ref(column)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
  }
}

/**
 * The schema pg_trgm lives in, installing it when it is not there yet. It goes to `public`,
 * not to this deployment's schema: an extension belongs to the whole database, and dropping
 * one schema (another deployment, a test run) must not take the others' indexes with it.
 */
export async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const existing = await installed();
  if (existing) return existing;
  const available = await sql`
    select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return null;
  // Migrations run in one transaction: a refused CREATE EXTENSION (no privilege) must not
  // abort it, so it runs behind a savepoint.
  await sql`savepoint install_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint install_pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint install_pg_trgm`.execute(db);
    return null;
  }
  return installed();
}
