import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Staff accounts (docs/staff.md): every user gets a `role` and a `status`. A database that
 * already has users makes its first account (the lowest id) an admin, so that an existing school
 * is never left without one (decision 0043); every other account stays `staff`, as it was.
 *
 * `invitations` holds only the hash of each link's token. `sessions` holds what a person sees of
 * each of their sign-ins (one row per refresh family): the browser and address it started from
 * and when it was last used. `sign_in_activity` is the append-only log of sign-ins and of what
 * was done to an account.
 */
export function staffAccountsMigration(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement();

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('role', 'text', (col) => col.notNull().defaultTo('staff'))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
        .execute();
      await sql`update users set role = 'admin' where id = (select min(id) from users)`.execute(db);
      await db.schema
        .createIndex('users_role_status_idx')
        .on('users')
        .columns(['role', 'status'])
        .execute();

      await db.schema
        .createTable('invitations')
        .addColumn('id', 'integer', id)
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('role', 'text', (col) => col.notNull())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('invited_by', 'integer')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .addColumn('used_at', timestamp)
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('last_used_at', timestamp, (col) => col.notNull())
        .addColumn('user_agent', 'text', (col) => col.notNull())
        .addColumn('ip', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sessions_user_idx')
        .on('sessions')
        .columns(['user_id', 'last_used_at'])
        .execute();

      await db.schema
        .createTable('sign_in_activity')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('at', timestamp, (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('ip', 'text', (col) => col.notNull())
        .addColumn('user_agent', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_activity_user_idx')
        .on('sign_in_activity')
        .columns(['user_id', 'id'])
        .execute();
    },
  };
}
