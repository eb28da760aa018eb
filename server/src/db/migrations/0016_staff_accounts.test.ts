import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../database.js';
import { migrateTo, migrateToLatest } from '../migrate.js';
import { nowIso } from '../time.js';
import { dialects } from '../../test/harness.js';

async function databaseBeforeRoles(dialect: 'sqlite' | 'postgres') {
  let handle: DatabaseHandle;
  let dropSchema = async () => undefined as unknown;
  if (dialect === 'sqlite') {
    handle = createDatabase({ dialect, filename: ':memory:' });
  } else {
    const url = process.env['TEST_POSTGRES_URL'] ?? '';
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(text).finally(() => client.end());
    };
    await admin(`create schema "${schema}"`);
    handle = createDatabase({ dialect, url, schema }, { poolSize: 2 });
    dropSchema = () => admin(`drop schema "${schema}" cascade`);
  }
  await migrateTo(handle.db, dialect, '0015_live_sessions_index');
  return {
    ...handle,
    async destroy() {
      await handle.destroy();
      await dropSchema();
    },
  };
}

describe.each(dialects)('migration 0016 on %s', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("makes an existing school's first account its admin, and every other account active staff", async () => {
    const database = await databaseBeforeRoles(dialect);
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
