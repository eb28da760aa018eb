import { sql, type Kysely } from 'kysely';

/**
 * One pending invitation per address (docs/staff.md, decision 0072): the older of several
 * unused invitations to one address are withdrawn, then a unique index over the unused ones
 * lets a new invitation replace the pending one in one statement, however many arrive at once.
 * The same statement works on SQLite and PostgreSQL.
 */
export function oneInvitationPerAddressMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`delete from invitations where used_at is null and exists (
        select 1 from invitations newer
        where newer.email = invitations.email and newer.used_at is null and newer.id > invitations.id
      )`.execute(db);
      await sql`create unique index invitations_one_pending on invitations (email) where used_at is null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`drop index invitations_one_pending`.execute(db);
    },
  };
}
