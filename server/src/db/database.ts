import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type SqliteDatabase,
  type SqliteStatement,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';
import { preparedStatementName } from './statement-names.js';

export type Dialect = DatabaseConfig['dialect'];
export type Db = Kysely<Database>;
/** Repositories take either the database or a transaction, so callers can compose them. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  destroy(): Promise<void>;
}

const PG_INT8 = 20;
const PG_TIMESTAMPTZ = 1184;

/** How PostgreSQL writes a timestamptz in UTC to the millisecond: `2026-11-26 11:33:07.1+00`. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,3}))?\+00$/;

/**
 * A timestamptz as the ISO string `Date#toISOString` gives. The timestamps the product stores
 * are whole milliseconds in UTC, and rewriting their text is a tenth of what parsing a Date
 * cost: about 70 µs for the 102 timestamps of a page of students. Any other form (another time
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

export function createDatabase(config: DatabaseConfig, options: { poolSize?: number } = {}) {
  if (config.dialect === 'sqlite') return createSqlite(config.filename);
  return createPostgres(config.url, config.schema, options.poolSize ?? 10);
}

/** The write-ahead log is checkpointed when it holds this many pages: about 40 MB. */
export const WAL_CHECKPOINT_PAGES = 10_000;
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

function createSqlite(filename: string): DatabaseHandle {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const connection = new SQLite(filename);
  connection.pragma('journal_mode = WAL');
  // NORMAL keeps every committed transaction across a process crash (kill -9); only a power
  // loss may drop the last commits, which is the accepted WAL trade-off for write throughput.
  connection.pragma('synchronous = NORMAL');
  // A checkpoint copies the log back into the database and syncs both, inside whichever commit
  // reaches the mark, and copies a page once however many commits rewrote it. At SQLite's
  // default mark, 1 000 pages, that was a third of a create's time (decision 0019).
  connection.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  // After a reader held checkpoints back, the log shrinks to this once it is written anew.
  connection.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialectKeepingCause(connection) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * better-sqlite3 with its prepared statements kept, most recently used last: Kysely prepares
 * every query it runs, and preparing cost as much as running the queries of a request (about
 * 10 µs each). The product sends a few dozen distinct SQL texts, so a small cache holds them all.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = readingRowsFast(sqlite.prepare(text));
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * A reading statement that makes its rows in JavaScript from SQLite's arrays of values.
 * better-sqlite3 makes each row object in C++ one property at a time, which cost about 40 % of
 * reading a page of 51 students (131 µs as objects, 80 µs as arrays); a function made once per
 * statement gives every row the same shape in one object literal. Rows keep better-sqlite3's
 * own form: a column named twice keeps the last value.
 */
function readingRowsFast(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  const distinct = [...new Set(names)];
  const body = distinct
    .map((name) => `${JSON.stringify(name)}: values[${names.lastIndexOf(name)}]`)
    .join(', ');
  const toRow = new Function('values', `return { ${body} };`) as (values: unknown[]) => unknown;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) {
        yield toRow(values);
      }
    },
  };
}

/**
 * After an I/O error, a full disk or a busy timeout inside a transaction, SQLite may have
 * rolled the transaction back itself. Kysely's ROLLBACK then failed with "no transaction is
 * active", and that error replaced the one explaining what happened: a 500 instead of a 503.
 * The rollback is skipped when SQLite has no transaction open.
 */
class SqliteDriverKeepingCause extends SqliteDriver {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: withStatementCache(sqlite) });
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

class SqliteDialectKeepingCause extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingCause(this.sqlite);
  }
}

function createPostgres(url: string, schema: string | undefined, max: number): DatabaseHandle {
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

/**
 * The pool as Kysely sees it, sending the texts kept prepared (prepared-query.ts) as named
 * statements. Kysely keeps one connection object per client it is given, so each client is
 * wrapped only once.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let preparing = wrapped.get(client);
      if (!preparing) wrapped.set(client, (preparing = new PreparingClient(client)));
      return preparing;
    },
    end: () => pool.end(),
  };
}

class PreparingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    textOrCursor: string | PostgresCursor<R>,
    parameters: readonly unknown[] = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams through a cursor only when given a cursor class, which this dialect is not.
    if (typeof textOrCursor !== 'string') throw new Error('Streaming queries are not set up.');
    const name = preparedStatementName(textOrCursor);
    const values = [...parameters];
    // pg's result names its command with any string; the queries here are Kysely's own.
    return this.client.query(
      name ? { name, text: textOrCursor, values } : { text: textOrCursor, values },
    ) as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The current time in the one format both dialects store and compare. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

/** Errors that mean "the database cannot be reached right now" rather than a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  const unavailableCodes = new Set([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'ENOTFOUND',
    'EAI_AGAIN',
    '57P01', // admin_shutdown
    '57P02', // crash_shutdown
    '57P03', // cannot_connect_now
    '53100', // disk_full
    '53300', // too_many_connections
    '08000',
    '08001',
    '08003',
    '08006',
    'SQLITE_CANTOPEN',
    'SQLITE_BUSY',
    'SQLITE_IOERR',
    'SQLITE_READONLY',
    'SQLITE_NOTADB',
    'SQLITE_FULL',
  ]);
  if (typeof code === 'string') {
    // better-sqlite3 reports extended codes (SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT,
    // SQLITE_READONLY_DBMOVED, ...); the primary code before the suffix is what counts.
    const primary = /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? code;
    if (unavailableCodes.has(primary)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i.test(
    error.message,
  );
}

/** A unique-constraint violation, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * A foreign-key violation, in either dialect. SQLite reports an ON DELETE RESTRICT refusal as
 * SQLITE_CONSTRAINT_TRIGGER (RESTRICT runs as an action, not a check), so that code counts when
 * its message names the foreign key.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return true;
  return code === 'SQLITE_CONSTRAINT_TRIGGER' && /FOREIGN KEY/i.test((error as Error).message);
}
