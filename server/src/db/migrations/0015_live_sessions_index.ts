import { sql, type Kysely } from 'kysely';

/**
 * Every protected call asks whether the session its access token belongs to is still signed in
 * (`server/src/auth/access.ts`): a family with a token not revoked. The index holds only such
 * tokens, by family and user, so the answer is one probe of a small index, whether the family
 * was rotated five times or five hundred.
 */
export function liveSessionsIndexMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('refresh_tokens_live_family_idx')
        .on('refresh_tokens')
        .columns(['family_id', 'user_id'])
        .where(sql.ref('revoked_at'), 'is', null)
        .execute();
    },
  };
}
