import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import { openPostgres } from './postgres.js';
import type { Database } from './schema.js';
import { openSqlite } from './sqlite.js';

export type Dialect = DatabaseConfig['dialect'];
export type Db = Kysely<Database>;
/** Repositories take either the database or a transaction, so callers can compose them. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** The database the app works on, opened once and handed to every part that needs it. */
export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  destroy(): Promise<void>;
}

/** Opens the database a configuration names: a SQLite file, or a PostgreSQL pool. */
export function createDatabase(
  config: DatabaseConfig,
  options: { poolSize?: number } = {},
): DatabaseHandle {
  const db =
    config.dialect === 'sqlite'
      ? openSqlite(config.filename)
      : openPostgres(config.url, config.schema, options.poolSize ?? 10);
  return { db, dialect: config.dialect, destroy: () => db.destroy() };
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
