import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { nowIso } from '../time.js';
import { createTestDatabase, dialects } from '../../test/harness.js';

describe.each(dialects)('migration 0024 on %s', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('keeps every account as it was, with no second step and no OpenID identity, and one identity per account', async () => {
    const database = await createTestDatabase(dialect, '0020_guardians_on_the_student');
    close = () => database.destroy();
    const at = nowIso();
    for (const email of ['first@school.test', 'second@school.test']) {
      await sql`insert into users (email, name, password_hash, google_sub, password_changed_at, created_at, updated_at)
        values (${email}, 'Staff', 'hash', ${`google-${email}`}, ${at}, ${at}, ${at})`.execute(
        database.db,
      );
    }
    await migrateToLatest(database.db, dialect);
    const users = await database.db
      .selectFrom('users')
      .select(['email', 'password_hash', 'google_sub', 'oidc_issuer', 'oidc_sub'])
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      {
        email: 'first@school.test',
        password_hash: 'hash',
        google_sub: 'google-first@school.test',
        oidc_issuer: null,
        oidc_sub: null,
      },
      {
        email: 'second@school.test',
        password_hash: 'hash',
        google_sub: 'google-second@school.test',
        oidc_issuer: null,
        oidc_sub: null,
      },
    ]);
    const steps = await database.db.selectFrom('totp_authenticators').selectAll().execute();
    expect(steps).toEqual([]);

    const link = (email: string) =>
      database.db
        .updateTable('users')
        .set({ oidc_issuer: 'https://login.example', oidc_sub: 'the-same-person' })
        .where('email', '=', email)
        .execute();
    await link('first@school.test');
    await expect(link('second@school.test')).rejects.toThrow();
  });
});
