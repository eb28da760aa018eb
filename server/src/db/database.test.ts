import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';
import { WAL_CHECKPOINT_PAGES } from './sqlite.js';
import { isDatabaseUnavailable } from './errors.js';
import { timestampToIso } from './postgres.js';

const failure = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('telling an unreachable database from a bad query', () => {
  it.each([
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_BUSY_TIMEOUT',
    'SQLITE_IOERR_WRITE',
    'SQLITE_READONLY_DBMOVED',
    'SQLITE_CANTOPEN_ISDIR',
    'SQLITE_FULL',
    'ECONNREFUSED',
    '57P01',
    '53100',
  ])('counts %s as the database being unavailable (503, retry later)', (code) => {
    expect(isDatabaseUnavailable(failure(code))).toBe(true);
  });

  it('counts a query on a pg client whose connection ended as unavailable', () => {
    expect(isDatabaseUnavailable(new Error('Client was closed and is not queryable'))).toBe(true);
  });

  it.each(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'SQLITE_BUSYNESS', '23505', '42P01'])(
    'does not count %s, which retrying would not fix',
    (code) => {
      expect(isDatabaseUnavailable(failure(code))).toBe(false);
    },
  );
});

describe('the SQLite write-ahead log', () => {
  const PAGE = 4096;
  const FRAME = 24 + PAGE;
  const framesIn = (file: string) => Math.max(0, statSync(file).size - 32) / FRAME;

  it('is checkpointed once it holds 10 000 pages, so it stays near that size while writes go on', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'um-wal-'));
    const filename = join(directory, 'wal.sqlite');
    const { db, destroy } = createDatabase({ dialect: 'sqlite', filename });
    try {
      await sql`create table pages (body blob not null)`.execute(db);
      let largest = 0;
      // Each commit adds a page and rewrites two others: three frames.
      for (let commit = 0; commit < WAL_CHECKPOINT_PAGES; commit += 1) {
        await sql`insert into pages (body) values (randomblob(${PAGE - 200}))`.execute(db);
        if (commit % 50 === 0) largest = Math.max(largest, framesIn(`${filename}-wal`));
      }
      // Written without checkpoints, the log would hold some 30 000 frames by now.
      expect(largest).toBeGreaterThan(WAL_CHECKPOINT_PAGES * 0.9);
      expect(largest).toBeLessThan(WAL_CHECKPOINT_PAGES + 200);
    } finally {
      await destroy();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('reading a PostgreSQL timestamptz', () => {
  it.each([
    '2026-11-26 11:33:07.001+00',
    '2026-11-26 11:33:07.1+00',
    '2026-11-26 11:33:07.12+00',
    '2026-11-26 11:33:07+00',
    '2026-01-01 00:00:00.999+00',
    '2026-11-26 11:33:07.123456+00',
    '2026-11-26 12:33:07.5+01',
    '2026-11-26 06:03:07.25-05:30',
  ])('gives %s exactly as Date#toISOString would', (value) => {
    expect(timestampToIso(value)).toBe(new Date(value).toISOString());
  });
});
