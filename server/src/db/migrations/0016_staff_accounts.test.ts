import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { nowIso } from '../time.js';
import { createTestDatabase, dialects } from '../../test/harness.js';

describe.each(dialects)('migration 0016 on %s', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("makes an existing school's first account its admin, and every other account active staff", async () => {
    const database = await createTestDatabase(dialect, '0015_live_sessions_index');
    close = () => database.destroy();
    const at = nowIso();
    for (const email of ['first@school.test', 'second@school.test', 'third@school.test']) {
      await sql`insert into users (email, name, password_changed_at, created_at, updated_at)
        values (${email}, 'Staff', ${at}, ${at}, ${at})`.execute(database.db);
    }
    await migrateToLatest(database.db, dialect);
    const users = await database.db
      .selectFrom('users')
      .select(['email', 'role', 'status'])
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { email: 'first@school.test', role: 'admin', status: 'active' },
      { email: 'second@school.test', role: 'staff', status: 'active' },
      { email: 'third@school.test', role: 'staff', status: 'active' },
    ]);
  });
});
