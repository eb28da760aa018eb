import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Rosters other systems read (docs/oneroster.md, decision 0068).
 *
 * - Every student, standard and account gets a `sourced_id`, a UUID made once by the database
 *   when the row is written and never changed: PostgreSQL by the column's default, SQLite (which
 *   cannot add a column with a default that is not constant) by a trigger right after the
 *   insert, in the same statement. Existing rows get theirs here. A row keeps it through every
 *   update, the bin and back, an undo and a year end, since none of them writes a new row.
 * - A student's guardians are rewritten whenever the student is saved, so their UUIDs are kept
 *   apart, in `oneroster_guardians`, by student and guardian name: a guardian written again
 *   under the same name keeps its UUID. Triggers on `student_guardians` keep it, with when a
 *   guardian last changed and when one was removed, which a delta export reports.
 * - `oneroster_tombstones` keeps the UUID of a student or standard purged from the bin (a
 *   trigger on the delete), so that a delta asked for after the purge still names what went.
 *   A purged student's guardians keep their UUID and lose their name.
 * - `oneroster_school` is the school's one org row: its UUID, and the name last exported.
 * - `standard_teachers`: a standard's teachers, staff accounts in the order given. A removal
 *   marks the row (`removed_at`) rather than deleting it, so a delta can report it.
 * - `api_clients` and `api_client_tokens`: the OneRoster REST API's clients (secrets and
 *   tokens kept only as SHA-256 hashes), and `roster_access` with `roster_access_students`: who
 *   received what, and whose data it held.
 */
export function oneRosterMigration(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement();
  const uuid = dialect === 'postgres' ? 'gen_random_uuid()::text' : SQLITE_UUID;
  const now = dialect === 'postgres' ? 'now()' : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['students', 'standards', 'users']) {
        if (dialect === 'postgres') {
          await sql`alter table ${sql.table(table)} add column sourced_id text not null default gen_random_uuid()::text`.execute(
            db,
          );
        } else {
          await sql`alter table ${sql.table(table)} add column sourced_id text`.execute(db);
          await sql`update ${sql.table(table)} set sourced_id = ${sql.raw(uuid)}`.execute(db);
          await sql`
            create trigger ${sql.id(`${table}_sourced_id`)} after insert on ${sql.table(table)}
            when new.sourced_id is null begin
              update ${sql.table(table)} set sourced_id = ${sql.raw(uuid)} where id = new.id;
            end`.execute(db);
        }
        await sql`create unique index ${sql.id(`${table}_sourced_id_unique`)} on ${sql.table(table)} (sourced_id)`.execute(
          db,
        );
      }

      await db.schema
        .createTable('oneroster_school')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('sourced_id', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();
      await sql`
        insert into oneroster_school (id, sourced_id, name, updated_at)
        values (1, ${sql.raw(uuid)}, '', ${sql.raw(now)})`.execute(db);

      await db.schema
        .createTable('oneroster_guardians')
        .addColumn('student_id', 'integer', (col) => col.notNull())
        .addColumn('name_key', 'text', (col) => col.notNull())
        .addColumn('sourced_id', 'text', (col) => col.notNull().unique())
        .addColumn('changed_at', timestamp, (col) => col.notNull())
        .addColumn('removed_at', timestamp)
        .addPrimaryKeyConstraint('oneroster_guardians_pkey', ['student_id', 'name_key'])
        .execute();
      await sql`
        insert into oneroster_guardians (student_id, name_key, sourced_id, changed_at)
        select student_id, name_key, ${sql.raw(uuid)}, ${sql.raw(now)}
        from (select distinct student_id, ${sql.raw(nameKey('name'))} as name_key
              from student_guardians) as keys`.execute(db);

      await db.schema
        .createTable('oneroster_tombstones')
        .addColumn('sourced_id', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('entity_id', 'integer', (col) => col.notNull())
        .addColumn('removed_at', timestamp, (col) => col.notNull())
        .addColumn('class_sourced_id', 'text')
        .addColumn('grade_level', 'integer')
        .addColumn('academic_year', 'text')
        .execute();
      await db.schema
        .createIndex('oneroster_tombstones_removed_idx')
        .on('oneroster_tombstones')
        .column('removed_at')
        .execute();

      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);

      await db.schema
        .createTable('standard_teachers')
        .addColumn('id', 'integer', id)
        .addColumn('standard_id', 'integer', (col) =>
          col.notNull().references('standards.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('added_at', timestamp, (col) => col.notNull())
        .addColumn('removed_at', timestamp)
        .execute();
      await sql`
        create unique index standard_teachers_live_unique on standard_teachers (standard_id, user_id)
        where removed_at is null`.execute(db);
      await db.schema
        .createIndex('standard_teachers_user_idx')
        .on('standard_teachers')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('api_clients')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('client_id', 'text', (col) => col.notNull().unique())
        .addColumn('secret_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_by_name', 'text', (col) => col.notNull())
        .addColumn('last_used_at', timestamp)
        .addColumn('revoked_at', timestamp)
        .addColumn('revoked_by', 'integer')
        .execute();

      await db.schema
        .createTable('api_client_tokens')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('client_id', 'integer', (col) =>
          col.notNull().references('api_clients.id').onDelete('cascade'),
        )
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('api_client_tokens_client_idx')
        .on('api_client_tokens')
        .columns(['client_id', 'expires_at'])
        .execute();

      await db.schema
        .createTable('roster_access')
        .addColumn('id', 'integer', id)
        .addColumn('at', timestamp, (col) => col.notNull())
        .addColumn('actor_kind', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('client_id', 'integer')
        .addColumn('actor_name', 'text', (col) => col.notNull())
        .addColumn('what', 'text', (col) => col.notNull())
        .addColumn('records', 'integer', (col) => col.notNull())
        .addColumn('students', 'integer', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('roster_access_students')
        .addColumn('student_id', 'integer', (col) => col.notNull())
        .addColumn('access_id', 'integer', (col) =>
          col.notNull().references('roster_access.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('roster_access_students_pkey', ['student_id', 'access_id'])
        .execute();
    },
  };
}

/**
 * A version 4 UUID from SQLite's random bytes, in the form PostgreSQL's gen_random_uuid()
 * writes. `random() & 3` picks the variant digit: abs(random()) overflows on one value.
 */
const SQLITE_UUID = `(lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' ||
  substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (random() & 3), 1) ||
  substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))))`;

/** How a guardian's name is keyed: a name written again, even with other spaces or case, is one. */
function nameKey(column: string): string {
  return `lower(trim(${column}))`;
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  await sql`
    create trigger oneroster_guardian_added after insert on student_guardians begin
      insert into oneroster_guardians (student_id, name_key, sourced_id, changed_at, removed_at)
      values (new.student_id, ${sql.raw(nameKey('new.name'))}, ${sql.raw(SQLITE_UUID)}, ${sql.raw(now)}, null)
      on conflict (student_id, name_key) do update
        set changed_at = excluded.changed_at, removed_at = null;
    end`.execute(db);
  await sql`
    create trigger oneroster_guardian_removed after delete on student_guardians begin
      update oneroster_guardians set removed_at = ${sql.raw(now)}, changed_at = ${sql.raw(now)}
      where student_id = old.student_id and name_key = ${sql.raw(nameKey('old.name'))};
    end`.execute(db);
  await sql`
    create trigger oneroster_student_purged after delete on students begin
      insert into oneroster_tombstones
        (sourced_id, kind, entity_id, removed_at, class_sourced_id, grade_level, academic_year)
      select old.sourced_id, 'student', old.id, ${sql.raw(now)}, standards.sourced_id,
        standards.grade_level, standards.academic_year
      from (select 1) left join standards on standards.id = old.standard_id
      where old.sourced_id is not null
      on conflict (sourced_id) do nothing;
      update oneroster_guardians
      set name_key = sourced_id, removed_at = coalesce(removed_at, ${sql.raw(now)}),
        changed_at = ${sql.raw(now)}
      where student_id = old.id;
    end`.execute(db);
  await sql`
    create trigger oneroster_standard_purged after delete on standards begin
      insert into oneroster_tombstones
        (sourced_id, kind, entity_id, removed_at, grade_level, academic_year)
      select old.sourced_id, 'standard', old.id, ${sql.raw(now)}, old.grade_level, old.academic_year
      where old.sourced_id is not null
      on conflict (sourced_id) do nothing;
    end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function oneroster_guardian_added() returns trigger language plpgsql as $$
    begin
      insert into oneroster_guardians (student_id, name_key, sourced_id, changed_at, removed_at)
      values (new.student_id, ${sql.raw(nameKey('new.name'))}, gen_random_uuid()::text, now(), null)
      on conflict (student_id, name_key) do update
        set changed_at = excluded.changed_at, removed_at = null;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger oneroster_guardian_added after insert on student_guardians
    for each row execute function oneroster_guardian_added()`.execute(db);
  await sql`
    create function oneroster_guardian_removed() returns trigger language plpgsql as $$
    begin
      update oneroster_guardians set removed_at = now(), changed_at = now()
      where student_id = old.student_id and name_key = ${sql.raw(nameKey('old.name'))};
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger oneroster_guardian_removed after delete on student_guardians
    for each row execute function oneroster_guardian_removed()`.execute(db);
  await sql`
    create function oneroster_student_purged() returns trigger language plpgsql as $$
    begin
      insert into oneroster_tombstones
        (sourced_id, kind, entity_id, removed_at, class_sourced_id, grade_level, academic_year)
      select old.sourced_id, 'student', old.id, now(), standards.sourced_id,
        standards.grade_level, standards.academic_year
      from (select 1) as one left join standards on standards.id = old.standard_id
      on conflict (sourced_id) do nothing;
      update oneroster_guardians
      set name_key = sourced_id, removed_at = coalesce(removed_at, now()), changed_at = now()
      where student_id = old.id;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger oneroster_student_purged after delete on students
    for each row execute function oneroster_student_purged()`.execute(db);
  await sql`
    create function oneroster_standard_purged() returns trigger language plpgsql as $$
    begin
      insert into oneroster_tombstones
        (sourced_id, kind, entity_id, removed_at, grade_level, academic_year)
      values (old.sourced_id, 'standard', old.id, now(), old.grade_level, old.academic_year)
      on conflict (sourced_id) do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger oneroster_standard_purged after delete on standards
    for each row execute function oneroster_standard_purged()`.execute(db);
}
