import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseConfig } from '../config.js';
import { createDatabase, type DatabaseHandle, type Db } from '../db/database.js';
import { nowIso } from '../db/time.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestDatabase, dialects, testConfig } from '../test/harness.js';
import { insertStandard, insertStudent } from '../test/factories.js';
import { purgeBin } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const serverDir = new URL('../..', import.meta.url).pathname;
const run = promisify(execFile);

/** A purge in a process of its own (test/purge-once.ts), starting at `startAt`. */
async function purgeInProcess(config: DatabaseConfig, startAt: number) {
  const { stdout } = await run(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      'src/test/purge-once.ts',
      JSON.stringify(config),
      String(startAt),
    ],
    { cwd: serverDir },
  );
  return JSON.parse(stdout) as { students: number; standards: number };
}
const daysAgo = (days: number) => nowIso(new Date(Date.now() - days * DAY_MS));

/** A database other processes can open too: a SQLite file or a PostgreSQL schema. */
async function sharedDatabase(
  dialect: 'sqlite' | 'postgres',
): Promise<DatabaseHandle & { config: DatabaseConfig }> {
  if (dialect === 'postgres') return createTestDatabase(dialect);
  const dir = mkdtempSync(join(tmpdir(), 'um-purge-'));
  const config: DatabaseConfig = { dialect: 'sqlite', filename: join(dir, 'app.db') };
  const handle = createDatabase(config);
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    config,
    async destroy() {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function binned(db: Db, table: 'students' | 'standards', id: number, deletedAt: string) {
  await db.updateTable(table).set({ deleted_at: deletedAt }).where('id', '=', id).execute();
}

/** A standard and a student in the bin for `days`, one live student, and what remains. */
async function fill(db: Db) {
  const oldStandard = await insertStandard(db);
  const oldStudentOfOldStandard = await insertStudent(db, oldStandard.id);
  await binned(db, 'students', oldStudentOfOldStandard.id, daysAgo(33));
  await binned(db, 'standards', oldStandard.id, daysAgo(32));

  const standard = await insertStandard(db);
  const oldStudent = await insertStudent(db, standard.id);
  await binned(db, 'students', oldStudent.id, daysAgo(31));
  const recentStudent = await insertStudent(db, standard.id);
  await binned(db, 'students', recentStudent.id, daysAgo(29));
  const liveStudent = await insertStudent(db, standard.id);

  const recentStandard = await insertStandard(db);
  await binned(db, 'standards', recentStandard.id, daysAgo(1));
  await db
    .insertInto('history_events')
    .values({
      entity: 'student',
      entity_id: oldStudent.id,
      at: daysAgo(40),
      actor_id: null,
      actor_name: 'Office',
      action: 'create',
      changes: '{}',
    })
    .execute();
  return {
    kept: {
      students: [recentStudent.id, liveStudent.id].sort(),
      standards: [standard.id, recentStandard.id].sort(),
    },
  };
}

async function remaining(db: Db) {
  const students = await db.selectFrom('students').select('id').orderBy('id').execute();
  const standards = await db.selectFrom('standards').select('id').orderBy('id').execute();
  return {
    students: students.map((row) => row.id).sort(),
    standards: standards.map((row) => row.id).sort(),
  };
}

describe.each(dialects)('purging the bin on %s', (dialect) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it('removes only what has been in the bin longer than the retention, and keeps history', async () => {
    const database = await sharedDatabase(dialect);
    cleanup = database.destroy;
    const { db } = database;
    const { kept } = await fill(db);

    const removed = await purgeBin(db, dialect, 30);

    expect(removed).toEqual({ students: 2, standards: 1 });
    expect(await remaining(db)).toEqual(kept);
    const events = await db.selectFrom('history_events').select('id').execute();
    expect(events).toHaveLength(1);
  });

  it('lets two processes purge at once: neither fails and nothing is removed twice', async () => {
    const database = await sharedDatabase(dialect);
    cleanup = database.destroy;
    const { kept } = await fill(database.db);

    // Both start together once each has connected, a few seconds on from now.
    const startAt = Date.now() + 4_000;
    const results = await Promise.all([
      purgeInProcess(database.config, startAt),
      purgeInProcess(database.config, startAt),
    ]);

    const total = results.reduce(
      (sum, removed) => ({
        students: sum.students + removed.students,
        standards: sum.standards + removed.standards,
      }),
      { students: 0, standards: 0 },
    );
    expect(total).toEqual({ students: 2, standards: 1 });
    expect(await remaining(database.db)).toEqual(kept);
  }, 30_000);

  it('purges when the server starts, by TRASH_RETENTION_DAYS', async () => {
    const database = await createTestDatabase(dialect);
    const { db } = database;
    const standard = await insertStandard(db);
    const week = await insertStudent(db, standard.id);
    await binned(db, 'students', week.id, daysAgo(8));
    const day = await insertStudent(db, standard.id);
    await binned(db, 'students', day.id, daysAgo(1));

    const config = testConfig({ database: database.config, trashRetentionDays: 7 });
    const app = await buildApp(config, { database });
    cleanup = async () => {
      await app.close();
      await database.destroy();
      rmSync(config.dataDir, { recursive: true, force: true });
    };
    await app.ready();

    expect((await remaining(db)).students).toEqual([day.id]);
  });
});
