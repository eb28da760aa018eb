import type { Kysely } from 'kysely';

/**
 * A user's token version, raised by every password change and reset, and the version each
 * sign-in (refresh family) was started under. Access tokens carry it, so a change voids the
 * tokens issued before it even within the same second, which the time of the change (whole
 * seconds in a JWT's `iat`) could not tell apart. Existing rows start at 0, as do their
 * families, so sessions in progress carry on; access tokens minted before this migration hold
 * no version and are refused once, and the next refresh replaces them.
 */
export function tokenVersionsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('token_version', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('refresh_tokens')
        .addColumn('token_version', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
    },
  };
}
