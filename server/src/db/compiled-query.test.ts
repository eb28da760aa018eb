import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, dialects } from '../test/harness.js';
import { insertUser } from '../test/factories.js';
import { createDatabase } from './database.js';
import { compiledQuery, type Bind, type QueryShape } from './compiled-query.js';

describe.each(dialects)('queries compiled once per shape and bound by name on %s', (dialect) => {
  it('binds each value to its own name, whatever order the SQL reads them in', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const users = [await insertUser(database.db), await insertUser(database.db)];
      // The SQL reads the e-mail before the id; the values name them the other way round.
      const find = compiledQuery((db, bind: Bind<{ id: number; email: string }>) =>
        db
          .selectFrom('users')
          .select(['id', 'email'])
          .where('email', '=', bind('email'))
          .where('id', '=', bind('id')),
      );
      for (const user of [...users, ...users]) {
        expect(
          await find.run(database.db, { dialect }, { id: user.id, email: user.email }),
        ).toEqual([{ id: user.id, email: user.email }]);
      }
      const [first, second] = users;
      if (!first || !second) throw new Error('No users');
      expect(
        await find.run(database.db, { dialect }, { id: first.id, email: second.email }),
      ).toEqual([]);
    } finally {
      await database.destroy();
    }
  });

  it('builds one SQL text per shape, each answering with its own values', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const user = await insertUser(database.db, { name: 'Shaped' });
      const built: string[] = [];
      const find = compiledQuery(
        (db, bind: Bind<{ id: number; name: string }>, shape: QueryShape & { byName: boolean }) => {
          built.push(JSON.stringify(shape));
          let select = db.selectFrom('users').select('email').where('id', '=', bind('id'));
          if (shape.byName) select = select.where('name', '=', bind('name'));
          return select;
        },
      );
      const values = { id: user.id, name: 'Someone else' };
      for (let run = 0; run < 3; run += 1) {
        expect(await find.run(database.db, { dialect, byName: false }, values)).toEqual([
          { email: user.email },
        ]);
        expect(await find.run(database.db, { dialect, byName: true }, values)).toEqual([]);
      }
      expect(built).toEqual([
        JSON.stringify({ dialect, byName: false }),
        JSON.stringify({ dialect, byName: true }),
      ]);
    } finally {
      await database.destroy();
    }
  });

  it('binds a list of rows, each row its own values', async () => {
    const database = await createTestDatabase(dialect);
    try {
      type Row = { name: string; email: string };
      const insert = compiledQuery(
        (db, bind: Bind<readonly Row[]>, shape: QueryShape & { count: number }) =>
          db
            .insertInto('users')
            .values(
              bind.rows(shape.count, { name: true, email: true }).map((row) => ({
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
      expect(await insert.run(database.db, { dialect, count: 2 }, rows)).toEqual(rows);
    } finally {
      await database.destroy();
    }
  });

  it('refuses a value bound while building but not bound in the SQL, such as one a condition tested', async () => {
    const database = await createTestDatabase(dialect);
    try {
      // Tested once at compile time, the condition would decide the SQL for every later run.
      const tested = compiledQuery((db, bind: Bind<{ email: string }>) =>
        bind('email')
          ? db.selectFrom('users').select('id')
          : db.selectFrom('users').select('email'),
      );
      await expect(tested.run(database.db, { dialect }, { email: '' })).rejects.toThrow(
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
        const findEmail = compiledQuery((db, bind: Bind<{ id: number }>) =>
          db.selectFrom('users').select(['id', 'email']).where('id', '=', bind('id')),
        );
        for (const user of [...users, ...users]) {
          expect(await findEmail.run(db, { dialect: 'postgres' }, { id: user.id })).toEqual([
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
