import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { insertStandard, insertStudent } from '../test/factories.js';
import { createDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const serverDir = new URL('../..', import.meta.url).pathname;

/** `npm run backup -- FILE` as the server workspace runs it, with only the given environment. */
function backup(args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/db/backup.ts', ...args],
    { cwd: serverDir, env: { PATH: process.env['PATH'] ?? '', ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

describe('npm run backup', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a consistent copy of the SQLite database while another connection keeps writing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'um-backup-'));
    const filename = join(dir, 'app.db');
    const database = createDatabase({ dialect: 'sqlite', filename });
    await migrateToLatest(database.db, database.dialect);
    const standard = await insertStandard(database.db);
    for (let i = 0; i < 200; i += 1) await insertStudent(database.db, standard.id);

    let writing = true;
    let written = 200;
    const writer = (async () => {
      while (writing) {
        await insertStudent(database.db, standard.id);
        written += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const result = await backup(['copy.db'], {
      DATABASE_URL: `sqlite:${filename}`,
      INIT_CWD: dir,
    });
    writing = false;
    await writer;
    await database.destroy();

    expect(result.output).toContain('Backed up');
    expect(result.code).toBe(0);
    expect((statSync(join(dir, 'copy.db')).mode & 0o777).toString(8)).toBe('600');
    const copy = new SQLite(join(dir, 'copy.db'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const { count } = copy.prepare('select count(*) as count from students').get() as {
        count: number;
      };
      expect(count).toBeGreaterThanOrEqual(200);
      expect(count).toBeLessThanOrEqual(written);
      const searchable = copy
        .prepare(`select count(distinct id) as count from student_trigrams where trigram = 'stu'`)
        .get() as { count: number };
      expect(searchable.count).toBe(count);
    } finally {
      copy.close();
    }
  }, 30_000);

  it('refuses to overwrite a file, and points PostgreSQL users to pg_dump', async () => {
    dir = mkdtempSync(join(tmpdir(), 'um-backup-'));
    writeFileSync(join(dir, 'taken.db'), 'keep me');
    const database = createDatabase({ dialect: 'sqlite', filename: join(dir, 'app.db') });
    await migrateToLatest(database.db, database.dialect);
    await database.destroy();

    const taken = await backup(['taken.db'], {
      DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
      INIT_CWD: dir,
    });
    expect(taken.code).toBe(1);
    expect(taken.output).toContain('exists already');

    const postgres = await backup(['dump.db'], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      INIT_CWD: dir,
    });
    expect(postgres.code).toBe(1);
    expect(postgres.output).toContain('pg_dump');

    const usage = await backup([], { INIT_CWD: dir });
    expect(usage.code).toBe(2);
  }, 30_000);

  it('refuses to write through a symbolic link, one pointing nowhere too', async () => {
    dir = mkdtempSync(join(tmpdir(), 'um-backup-'));
    const database = createDatabase({ dialect: 'sqlite', filename: join(dir, 'app.db') });
    await migrateToLatest(database.db, database.dialect);
    await database.destroy();
    writeFileSync(join(dir, 'victim'), 'keep me');
    symlinkSync(join(dir, 'victim'), join(dir, 'to-a-file.db'));
    symlinkSync(join(dir, 'created-through-the-link'), join(dir, 'dangling.db'));

    for (const target of ['to-a-file.db', 'dangling.db']) {
      const refused = await backup([target], {
        DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
        INIT_CWD: dir,
      });
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain('is a symbolic link');
    }
    expect(readFileSync(join(dir, 'victim'), 'utf8')).toBe('keep me');
    expect(existsSync(join(dir, 'created-through-the-link'))).toBe(false);
  }, 30_000);

  it('backs up the database in DATA_DIR when DATABASE_URL is unset, as the server uses it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'um-backup-'));
    const dataDir = join(dir, 'school-data');
    const database = createDatabase({ dialect: 'sqlite', filename: join(dataDir, 'app.db') });
    await migrateToLatest(database.db, database.dialect);
    await insertStandard(database.db, { name: 'Found in DATA_DIR' });
    await database.destroy();

    const result = await backup(['copy.db'], { DATA_DIR: dataDir, INIT_CWD: dir });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(join(dataDir, 'app.db'));
    const copy = new SQLite(join(dir, 'copy.db'), { readonly: true });
    try {
      expect(copy.prepare('select name from standards').pluck().all()).toEqual([
        'Found in DATA_DIR',
      ]);
    } finally {
      copy.close();
    }
  }, 30_000);
});
