import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Set in CI; PostgreSQL parts of the suite run only then, SQLite parts always. */
export const adminUrl = process.env['TEST_POSTGRES_URL'];

export interface TestPgDatabase {
  name: string;
  url: string;
  /** A URL to the same database through another host and port (a proxy in front of it). */
  urlVia(port: number): string;
  query<Row extends object>(text: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file: the server migrates the public schema of whatever
 * database it is given, so sharing `test` would mix runs. Dropped WITH (FORCE), which also ends
 * the connections of a server that was killed and left them behind.
 */
export async function createPgDatabase(): Promise<TestPgDatabase> {
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set');
  const name = `um_rel_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => undefined);
  return {
    name,
    url: url.toString(),
    urlVia(port) {
      const via = new URL(url);
      via.hostname = '127.0.0.1';
      via.port = String(port);
      return via.toString();
    },
    async query(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async drop() {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Host and port of the shared PostgreSQL, which a proxy forwards to. */
export function pgTarget(): { host: string; port: number } {
  const url = new URL(adminUrl ?? '');
  return { host: url.hostname, port: Number(url.port || 5432) };
}
