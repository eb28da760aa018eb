import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A second step at sign-in and sign-in through an OpenID provider (docs/auth.md, "Second step").
 *
 * - `totp_authenticators`: one per user, its secret encrypted (decision 0065); `confirmed_at` is
 *   null while the set-up waits for its first code, and `last_step` is the time step of the last
 *   code accepted, which a code must be later than: no code works twice.
 * - `recovery_codes`: only their hashes; `used_at` set once, by a conditional update.
 * - `passkeys`: WebAuthn credentials, by their id; `counter` is the authenticator's signature
 *   counter, which may reach 2^32 - 1 (bigint on PostgreSQL).
 * - `mfa_challenges`: the `mfa_token` of a sign-in between its password and its second step, only
 *   hashed, with the tries it has used and the token version its password was checked at.
 * - `webauthn_challenges`: each challenge a browser was given, used once.
 * - `oidc_logins`: each sign-in sent to the OpenID provider: the hash of its `state`, its nonce
 *   and PKCE verifier, used once.
 * - `school_settings`: the school's choices an admin makes on screen (which roles must use a
 *   second step), one row per key.
 * - `users.oidc_issuer` and `oidc_sub`: the OpenID identity an account is linked to.
 */
export function secondStepsMigration(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement();
  const owner = (col: ColumnDefinitionBuilder) =>
    col.notNull().references('users.id').onDelete('cascade');

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('totp_authenticators')
        .addColumn('user_id', 'integer', (col) =>
          col.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('secret', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('confirmed_at', timestamp)
        .addColumn('last_step', 'bigint')
        .execute();

      await db.schema
        .createTable('recovery_codes')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', owner)
        .addColumn('code_hash', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('used_at', timestamp)
        .addUniqueConstraint('recovery_codes_user_code_key', ['user_id', 'code_hash'])
        .execute();

      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', owner)
        .addColumn('credential_id', 'text', (col) => col.notNull().unique())
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('transports', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('last_used_at', timestamp)
        .execute();
      await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

      await db.schema
        .createTable('mfa_challenges')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', owner)
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('token_version', 'integer', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema
        .createIndex('mfa_challenges_user_idx')
        .on('mfa_challenges')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('id', 'integer', id)
        .addColumn('challenge', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema
        .createIndex('webauthn_challenges_expiry_idx')
        .on('webauthn_challenges')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('oidc_logins')
        .addColumn('id', 'integer', id)
        .addColumn('state_hash', 'text', (col) => col.notNull().unique())
        .addColumn('nonce', 'text', (col) => col.notNull())
        .addColumn('code_verifier', 'text', (col) => col.notNull())
        .addColumn('intent', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema
        .createIndex('oidc_logins_expiry_idx')
        .on('oidc_logins')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('school_settings')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .addColumn('updated_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('updated_by_name', 'text', (col) => col.notNull())
        .execute();

      await db.schema.alterTable('users').addColumn('oidc_issuer', 'text').execute();
      await db.schema.alterTable('users').addColumn('oidc_sub', 'text').execute();
      await db.schema
        .createIndex('users_oidc_identity_key')
        .on('users')
        .columns(['oidc_issuer', 'oidc_sub'])
        .unique()
        .execute();
    },
  };
}
