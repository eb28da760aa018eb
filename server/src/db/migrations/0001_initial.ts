import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Every table of the product. Column types differ only where the dialects do: ids are
 * identity columns on PostgreSQL and AUTOINCREMENT rowids on SQLite (ids of deleted rows are
 * never reused on either), timestamps are timestamptz on PostgreSQL and ISO text on SQLite.
 */
export function initialMigration(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement();

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('password_hash', 'text')
        .addColumn('google_sub', 'text', (col) => col.unique())
        .addColumn('password_changed_at', timestamp, (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('one_time_codes')
        .addColumn('id', 'integer', id)
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('code_hash', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .addColumn('consumed_at', timestamp)
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('one_time_codes_email_created_idx')
        .on('one_time_codes')
        .columns(['email', 'created_at'])
        .execute();

      await db.schema
        .createTable('mail_cooldowns')
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('sent_at', timestamp, (col) => col.notNull())
        .addPrimaryKeyConstraint('mail_cooldowns_pk', ['email', 'purpose'])
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('family_id', 'text', (col) => col.notNull())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .addColumn('family_expires_at', timestamp, (col) => col.notNull())
        .addColumn('rotated_at', timestamp)
        .addColumn('revoked_at', timestamp)
        .execute();
      await db.schema
        .createIndex('refresh_tokens_family_idx')
        .on('refresh_tokens')
        .column('family_id')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_user_idx')
        .on('refresh_tokens')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user_idx')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('standards')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('grade_level', 'integer', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('academic_year', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .addUniqueConstraint('standards_year_name_unique', ['academic_year', 'name'])
        .execute();
      await db.schema
        .createIndex('standards_order_idx')
        .on('standards')
        .columns(['grade_level', 'name', 'id'])
        .execute();

      await db.schema
        .createTable('students')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('roll_number', 'text', (col) => col.notNull())
        .addColumn('standard_id', 'integer', (col) =>
          col.notNull().references('standards.id').onDelete('restrict'),
        )
        .addColumn('phone_number', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .addUniqueConstraint('students_standard_roll_unique', ['standard_id', 'roll_number'])
        .execute();
      await db.schema
        .createIndex('students_name_idx')
        .on('students')
        .columns(['name', 'id'])
        .execute();
      await db.schema
        .createIndex('students_standard_name_idx')
        .on('students')
        .columns(['standard_id', 'name', 'id'])
        .execute();

      await db.schema
        .createTable('messages')
        .addColumn('id', 'integer', id)
        .addColumn('sender_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('sender_name', 'text', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('messages_sender_idx')
        .on('messages')
        .column('sender_id')
        .execute();

      await db.schema
        .createTable('message_states')
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('message_id', 'integer', (col) =>
          col.notNull().references('messages.id').onDelete('cascade'),
        )
        .addColumn('read_at', timestamp)
        .addColumn('deleted_at', timestamp)
        .addPrimaryKeyConstraint('message_states_pk', ['user_id', 'message_id'])
        .execute();
      await db.schema
        .createIndex('message_states_message_idx')
        .on('message_states')
        .column('message_id')
        .execute();
    },
  };
}
