import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Student } from '@um/contract';
import { buildApp } from '../app.js';
import type { App } from '../app-context.js';
import type { DatabaseConfig } from '../config.js';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { VERSION_STRIPES } from '../db/migrations/0006_version_stripes.js';
import type { Database } from '../db/schema.js';
import { createTestDatabase, dialects, testConfig, type TestDatabase } from '../test/harness.js';
import { buildStudent, insertStandard, insertStudent, loginAs } from '../test/factories.js';
import { createStudentListCache } from './list-cache.js';

type StudentPage = { data: Student[]; next_cursor: string | null };

/**
 * Two API processes on one database, as DESIGN.md scales out: each has its own connection (pool)
 * and its own list cache. SQLite needs a file for two connections to share.
 */
async function twoProcessesOnOneDatabase(dialect: 'sqlite' | 'postgres') {
  let shared: TestDatabase | undefined;
  let dataDir: string | undefined;
  let config: DatabaseConfig;
  if (dialect === 'sqlite') {
    dataDir = mkdtempSync(join(tmpdir(), 'um-cache-'));
    config = { dialect: 'sqlite', filename: join(dataDir, 'app.db') };
    const first = createDatabase(config);
    await migrateToLatest(first.db, first.dialect);
    await first.destroy();
  } else {
    shared = await createTestDatabase('postgres');
    config = shared.config;
  }
  const handles: DatabaseHandle[] = [createDatabase(config), createDatabase(config)];
  const appConfig = testConfig({ database: config });
  const apps: App[] = [];
  for (const database of handles) {
    const app = await buildApp(appConfig, { database });
    await app.ready();
    apps.push(app);
  }
  return {
    apps: apps as [App, App],
    db: handles[0]!.db,
    secret: appConfig.jwtSecret,
    async close() {
      for (const app of apps) await app.close();
      for (const handle of handles) await handle.destroy();
      await shared?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(appConfig.dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(dialects)('student list cache on %s', (dialect) => {
  let env: Awaited<ReturnType<typeof twoProcessesOnOneDatabase>>;
  let headers: Record<string, string>;
  let standardId: number;
  beforeAll(async () => {
    env = await twoProcessesOnOneDatabase(dialect);
    ({ headers } = await loginAs(env.db, env.secret));
    standardId = (await insertStandard(env.db)).id;
  });
  afterAll(() => env.close());

  async function list(app: App, query = `standard=${standardId}&limit=200`) {
    const response = await app.inject({
      method: 'GET',
      url: `/management/students/?${query}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json<StudentPage>();
  }

  const names = (page: StudentPage) => page.data.map((student) => student.name);

  it('answers a read made again after a create, an edit and a delete through another process with the change', async () => {
    const [reader, writer] = env.apps;
    expect(names(await list(reader))).toEqual([]);

    const created = await writer.inject({
      method: 'POST',
      url: '/management/update_students/',
      headers,
      payload: buildStudent({ standard: standardId, name: 'Amara Cached' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const student = created.json<{ data: Student }>().data;
    expect(names(await list(reader))).toEqual(['Amara Cached']);

    const edited = await writer.inject({
      method: 'PUT',
      url: '/management/update_students/',
      headers,
      payload: { id: student.id, ...buildStudent({ standard: standardId, name: 'Amara Renamed' }) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(names(await list(reader))).toEqual(['Amara Renamed']);

    const deleted = await writer.inject({
      method: 'DELETE',
      url: '/management/update_students/',
      headers,
      payload: { id: student.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(names(await list(reader))).toEqual([]);
  });

  it('sees a row written with SQL outside the API on the next read, searches included', async () => {
    const [reader] = env.apps;
    const query = `q=Zephyrine&limit=50`;
    expect(names(await list(reader, query))).toEqual([]);
    await insertStudent(env.db, standardId, { name: 'Zephyrine Outside' });
    expect(names(await list(reader, query))).toEqual(['Zephyrine Outside']);
    await env.db.deleteFrom('students').where('name', '=', 'Zephyrine Outside').execute();
    expect(names(await list(reader, query))).toEqual([]);
  });

  const version = async (db: Kysely<Database> = env.db) =>
    Number(
      (
        await db
          .selectFrom('data_versions')
          .select((eb) => eb.fn.sum<number | string>('version').as('version'))
          .where('name', '=', 'students')
          .executeTakeFirstOrThrow()
      ).version,
    );

  it('raises the students data version in the transaction of every write, and only then', async () => {
    const before = await version();
    await insertStandard(env.db);
    expect(await version()).toBe(before);
    const row = await insertStudent(env.db, standardId);
    expect(await version()).toBeGreaterThan(before);
    const afterInsert = await version();
    await env.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('students')
          .set({ name: 'Rolled Back' })
          .where('id', '=', row.id)
          .execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await version()).toBe(afterInsert);
    await env.db.deleteFrom('students').where('id', '=', row.id).execute();
    expect(await version()).toBeGreaterThan(afterInsert);
  });

  it('shows every write while the version rows are missing', async () => {
    const [reader] = env.apps;
    const query = 'q=Quillon&limit=50';
    await env.db.deleteFrom('data_versions').where('name', '=', 'students').execute();
    try {
      await insertStudent(env.db, standardId, { name: 'Quillon First' });
      for (let ask = 0; ask < 3; ask += 1) {
        expect(names(await list(reader, query))).toEqual(['Quillon First']);
      }
      await insertStudent(env.db, standardId, { name: 'Quillon Second' });
      expect(names(await list(reader, query))).toEqual(['Quillon First', 'Quillon Second']);
    } finally {
      // PostgreSQL's trigger has put its rows back with the writes; SQLite's needs its row.
      await env.db
        .insertInto('data_versions')
        .values({ name: 'students', version: 0 })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    await insertStudent(env.db, standardId, { name: 'Quillon Third' });
    for (let ask = 0; ask < 3; ask += 1) {
      expect(names(await list(reader, query))).toHaveLength(3);
    }
  });

  if (dialect === 'postgres') {
    it('lets student writes in concurrent transactions commit without waiting for each other', async () => {
      const stripeOf = async (trx: Transaction<Database>) =>
        Number((await sql<{ id: string }>`select txid_current() as id`.execute(trx)).rows[0]!.id) %
        VERSION_STRIPES;
      const before = await version();
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstStripe = -1;
      let firstWritten!: () => void;
      const written = new Promise<void>((resolve) => (firstWritten = resolve));
      const first = env.db.transaction().execute(async (trx) => {
        firstStripe = await stripeOf(trx);
        await insertStudent(trx, standardId);
        firstWritten();
        await firstMayCommit;
      });
      await Promise.race([written, first]);
      try {
        // Transaction ids are shared by the whole cluster: another test's transaction may have
        // given this one the first one's stripe, which it must then wait for, as designed.
        for (let attempt = 0; ; attempt += 1) {
          const outcome = await env.db.transaction().execute(async (trx) => {
            if ((await stripeOf(trx)) === firstStripe) return 'same stripe';
            await sql`set local lock_timeout = '5s'`.execute(trx);
            await insertStudent(trx, standardId);
            return 'committed';
          });
          if (outcome === 'committed') break;
          expect(attempt).toBeLessThan(20);
        }
        // Read while the first write is still open: it does not count yet.
        expect(await version()).toBe(before + 1);
      } finally {
        releaseFirst();
        await first;
      }
      expect(await version()).toBe(before + 2);
    });
  }
});

describe('student list cache', () => {
  const query = (cursor?: string) => ({ limit: 50, cursor, standard: undefined, q: undefined });
  const answer = (label: string) => async () => ({ data: [], next_cursor: label });
  const parse = (body: Buffer) => JSON.parse(body.toString('utf8')) as StudentPage;

  it('keeps an answer from the second time its query is asked for, until the version moves', async () => {
    const cached = createStudentListCache();
    let made = 0;
    const counted = async () => {
      made += 1;
      return { data: [], next_cursor: `made ${made}` };
    };
    expect(parse(await cached(query(), 1, counted))).toEqual({ data: [], next_cursor: 'made 1' });
    expect(parse(await cached(query(), 1, counted)).next_cursor).toBe('made 2');
    expect(parse(await cached(query(), 1, counted)).next_cursor).toBe('made 2');
    expect(parse(await cached(query('once'), 1, counted)).next_cursor).toBe('made 3');
    // A query already asked for is kept again at once after the write.
    expect(parse(await cached(query(), 2, counted)).next_cursor).toBe('made 4');
    expect(parse(await cached(query(), 2, counted)).next_cursor).toBe('made 4');
  });

  it('keeps within its byte budget by dropping the answers used longest ago', async () => {
    // Each answer is {"data":[],"next_cursor":"page-x"}, 34 characters; three fit.
    const cached = createStudentListCache(3 * 34);
    const keep = async (label: string) => {
      await cached(query(label), 1, answer(label));
      await cached(query(label), 1, answer(label));
    };
    for (const label of ['page-a', 'page-b', 'page-c']) await keep(label);
    await cached(query('page-a'), 1, answer('changed')); // a hit: page-a is now the most recent
    await keep('page-d'); // over budget: page-b goes
    expect(parse(await cached(query('page-a'), 1, answer('new'))).next_cursor).toBe('page-a');
    expect(parse(await cached(query('page-c'), 1, answer('new'))).next_cursor).toBe('page-c');
    expect(parse(await cached(query('page-b'), 1, answer('new'))).next_cursor).toBe('new');
  });

  it('does not keep an answer made before a write that a later request has already seen', async () => {
    const cached = createStudentListCache();
    await cached(query(), 1, answer('first ask'));
    const slow = async () => {
      // While this answer is being made, a student is written and another request reads.
      await cached(query(), 2, answer('fresh'));
      return { data: [], next_cursor: 'stale' };
    };
    expect(parse(await cached(query(), 1, slow)).next_cursor).toBe('stale');
    expect(parse(await cached(query(), 2, answer('unused'))).next_cursor).toBe('fresh');
  });

  it('keeps nothing while there is no version, and keeps again once there is', async () => {
    const cached = createStudentListCache();
    await cached(query('kept'), 5, answer('before'));
    await cached(query('kept'), 5, answer('before'));
    for (const label of ['first', 'second', 'third']) {
      expect(parse(await cached(query('gone'), null, answer(label))).next_cursor).toBe(label);
    }
    // Back at the very version it had: what was kept before must not come back with it.
    expect(parse(await cached(query('kept'), 5, answer('after'))).next_cursor).toBe('after');
    await cached(query('back'), 5, answer('one'));
    await cached(query('back'), 5, answer('two'));
    expect(parse(await cached(query('back'), 5, answer('three'))).next_cursor).toBe('two');
  });

  it('rejects an answer that does not match the response schema rather than keeping it', async () => {
    const cached = createStudentListCache();
    await expect(cached(query('bad'), 1, async () => ({ data: [{ id: 'x' }] }))).rejects.toThrow();
  });
});
