import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { preparingPool } from './postgres-statements.js';
import type { Database } from './schema.js';

const PG_INT8 = 20;
const PG_TIMESTAMPTZ = 1184;

/** How PostgreSQL writes a timestamptz in UTC to the millisecond: `2026-11-26 11:33:07.1+00`. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,3}))?\+00$/;

/**
 * A timestamptz as the ISO string `Date#toISOString` gives. The timestamps the product stores
 * are whole milliseconds in UTC, and rewriting their text costs a tenth of parsing a Date
 * (decision 0022). Any other form (another time
 * zone, microseconds, a year past 9999) goes through Date.
 */
export function timestampToIso(value: string): string {
  const match = UTC_TIMESTAMP.exec(value);
  if (!match) return new Date(value).toISOString();
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(3, '0')}Z`;
}

/** Counts come back as numbers and timestamps as ISO strings, as they do from SQLite. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8) return (value: string) => Number(value);
    if (oid === PG_TIMESTAMPTZ) return timestampToIso;
    return pg.types.getTypeParser(oid, format);
  },
};

/** Opens a pool of `max` connections to PostgreSQL, in `schema` when one is given. */
export function openPostgres(url: string, schema: string | undefined, max: number) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: pgTypes,
    connectionTimeoutMillis: 5_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  // Nor may a client Kysely holds for a query or a transaction: its query fails with the error,
  // and pg also emits the error on the client, where nobody listened. kill -9 of PostgreSQL,
  // or a network cut, with a query in flight took the whole API process down.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
}
