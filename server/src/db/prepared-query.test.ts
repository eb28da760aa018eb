import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, dialects } from '../test/harness.js';
import { insertUser } from '../test/factories.js';
import { createDatabase } from './database.js';
import { preparedQuery, preparedRowsQuery } from './prepared-query.js';

describe.each(dialects)('queries compiled once and bound by name on %s', (dialect) => {
  it('binds each value to its own name, whatever order the SQL reads them in', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const users = [await insertUser(database.db), await insertUser(database.db)];
      // The SQL reads the e-mail before the id; the values name them the other way round.
      const find = preparedQuery((db, values: { id: number; email: string }) =>
        db
          .selectFrom('users')
          .select(['id', 'email'])
          .where('email', '=', values.email)
          .where('id', '=', values.id),
      );
      for (const user of [...users, ...users]) {
        expect(await find.execute(database.db, { id: user.id, email: user.email })).toEqual([
          { id: user.id, email: user.email },
        ]);
      }
      const [first, second] = users;
      if (!first || !second) throw new Error('No users');
      expect(await find.execute(database.db, { id: first.id, email: second.email })).toEqual([]);
    } finally {
      await database.destroy();
    }
  });

  it('binds a list of rows, each row its own values', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const insert = preparedRowsQuery(
        2,
        { name: true, email: true },
        (db, rows: { name: string; email: string }[]) =>
          db
            .insertInto('users')
            .values(
              rows.map((row) => ({
                ...row,
                password_hash: null,
                google_sub: null,
                password_changed_at: '2026-01-01T00:00:00.000Z',
                created_at: '2026-01-01T00:00:00.000Z',
                updated_at: '2026-01-01T00:00:00.000Z',
              })),
            )
            .returning(['name', 'email']),
      );
      const rows = [
        { email: 'first@rows.test', name: 'First' },
        { email: 'second@rows.test', name: 'Second' },
      ];
      expect(await insert.execute(database.db, rows)).toEqual(rows);
    } finally {
      await database.destroy();
    }
  });

  it('refuses a value read while building but not bound, such as one a condition tested', async () => {
    const database = await createTestDatabase(dialect);
    try {
      // Tested once at compile time, the condition would decide the SQL for every later run.
      const tested = preparedQuery((db, values: { email: string }) =>
        values.email ? db.selectFrom('users').select('id') : db.selectFrom('users').select('email'),
      );
      await expect(tested.execute(database.db, { email: '' })).rejects.toThrow(
        '"email" was compiled into the SQL text, not bound as a value.',
      );
    } finally {
      await database.destroy();
    }
  });
});

describe('queries compiled once on PostgreSQL', () => {
  it.runIf(process.env['TEST_POSTGRES_URL'])(
    'are prepared once on a connection and answer each run with its own values',
    async () => {
      const database = await createTestDatabase('postgres');
      const { db, destroy } = createDatabase(database.config, { poolSize: 1 });
      try {
        const users = [await insertUser(db), await insertUser(db)];
        const findEmail = preparedQuery((db, values: { id: number }) =>
          db.selectFrom('users').select(['id', 'email']).where('id', '=', values.id),
        );
        for (const user of [...users, ...users]) {
          expect(await findEmail.execute(db, { id: user.id })).toEqual([
            { id: user.id, email: user.email },
          ]);
        }

        // The one connection's named statements: the compiled query only, not this one.
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(db);
        expect(rows).toEqual([{ statement: expect.stringContaining('select "id", "email"') }]);
      } finally {
        await destroy();
        await database.destroy();
      }
    },
  );
});
