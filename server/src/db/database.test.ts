import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database.js';

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
