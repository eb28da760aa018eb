import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { createPrivateFile, tightenPrivateTree } from './private-files.js';

const modeOf = (path: string) => statSync(path).mode & 0o7777;

describe('files that hold personal data', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'um-private-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the SQLite database, its -wal and -shm, and its new folders readable by their owner only', async () => {
    const filename = join(dir, 'new', 'folder', 'app.db');
    const database = createDatabase({ dialect: 'sqlite', filename });
    try {
      await migrateToLatest(database.db, database.dialect);
      for (const file of [filename, `${filename}-wal`, `${filename}-shm`]) {
        expect(modeOf(file).toString(8), file).toBe('600');
      }
      expect(modeOf(join(dir, 'new', 'folder')).toString(8)).toBe('700');
      expect(modeOf(join(dir, 'new')).toString(8)).toBe('700');
    } finally {
      await database.destroy();
    }
  });

  it('tightens a database and its -wal and -shm left readable by others', async () => {
    const filename = join(dir, 'app.db');
    const first = createDatabase({ dialect: 'sqlite', filename });
    await migrateToLatest(first.db, first.dialect);
    await first.destroy();
    // As an older version left them; a process killed mid-write leaves its -wal and -shm.
    for (const file of [filename, `${filename}-wal`, `${filename}-shm`]) {
      writeFileSync(file, '', { flag: 'a' });
      chmodSync(file, 0o644);
    }
    const again = createDatabase({ dialect: 'sqlite', filename });
    try {
      for (const file of [filename, `${filename}-wal`, `${filename}-shm`]) {
        expect(modeOf(file).toString(8), file).toBe('600');
      }
    } finally {
      await again.destroy();
    }
  });

  it('tightens a data folder and everything in it, without following links out of it or closing a shared folder', () => {
    const data = join(dir, 'data');
    const outside = join(dir, 'outside.txt');
    const shared = join(data, 'shared');
    mkdirSync(join(data, 'outbox'), { recursive: true, mode: 0o755 });
    mkdirSync(shared, { mode: 0o1777 });
    chmodSync(shared, 0o1777);
    chmodSync(data, 0o755);
    writeFileSync(join(data, 'jwt-secret'), 'key', { mode: 0o644 });
    writeFileSync(join(data, 'outbox', 'mail.eml'), 'code', { mode: 0o664 });
    writeFileSync(join(data, 'strict'), 'x', { mode: 0o400 });
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    symlinkSync(outside, join(data, 'link'));

    tightenPrivateTree(data);

    expect(modeOf(data).toString(8)).toBe('700');
    expect(modeOf(join(data, 'outbox')).toString(8)).toBe('700');
    expect(modeOf(join(data, 'jwt-secret')).toString(8)).toBe('600');
    expect(modeOf(join(data, 'outbox', 'mail.eml')).toString(8)).toBe('600');
    expect(modeOf(join(data, 'strict')).toString(8)).toBe('400');
    expect(modeOf(outside).toString(8)).toBe('644');
    expect(modeOf(shared).toString(8)).toBe('1777');
  });

  it('creates a new private file only where nothing exists, not even a link pointing nowhere', () => {
    const fresh = join(dir, 'fresh.db');
    createPrivateFile(fresh);
    expect(modeOf(fresh).toString(8)).toBe('600');

    const target = join(dir, 'target.db');
    writeFileSync(target, 'keep me');
    const dangling = join(dir, 'dangling.db');
    symlinkSync(join(dir, 'nowhere.db'), dangling);
    const linked = join(dir, 'linked.db');
    symlinkSync(target, linked);
    for (const path of [fresh, target, dangling, linked]) {
      expect(() => createPrivateFile(path), path).toThrow(
        expect.objectContaining({ code: 'EEXIST' }),
      );
    }
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect(() => statSync(join(dir, 'nowhere.db'))).toThrow();
  });
});
