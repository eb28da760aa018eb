import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { nowIso } from '../time.js';
import { createTestDatabase, dialects } from '../../test/harness.js';

describe.each(dialects)('migration 0026 on %s', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('keeps the newest pending invitation of each address and every used one, then holds one pending per address', async () => {
    const database = await createTestDatabase(dialect, '0025_oneroster');
    close = () => database.destroy();
    const at = nowIso();
    const later = nowIso(new Date(Date.now() + 86_400_000));
    const rows: Array<[string, string, string | null]> = [
      ['flooded@elsewhere.test', 'h1', null],
      ['flooded@elsewhere.test', 'h2', null],
      ['flooded@elsewhere.test', 'h3', null],
      ['flooded@elsewhere.test', 'h4', at],
      ['once@elsewhere.test', 'h5', null],
    ];
    for (const [email, hash, used] of rows) {
      await sql`insert into invitations (email, role, token_hash, invited_by, created_at, expires_at, used_at)
        values (${email}, 'staff', ${hash}, null, ${at}, ${later}, ${used})`.execute(database.db);
    }
    await migrateToLatest(database.db, dialect);
    const kept = await database.db
      .selectFrom('invitations')
      .select(['email', 'token_hash'])
      .orderBy('token_hash')
      .execute();
    expect(kept.map((row) => row.token_hash)).toEqual(['h3', 'h4', 'h5']);
    await expect(
      sql`insert into invitations (email, role, token_hash, invited_by, created_at, expires_at, used_at)
        values ('once@elsewhere.test', 'staff', 'h6', null, ${at}, ${later}, null)`.execute(
        database.db,
      ),
    ).rejects.toThrow();
  });
});
