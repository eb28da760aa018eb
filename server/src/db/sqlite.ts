import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import { createPrivateDir, prepareSqliteFile } from './private-files.js';
import type { Database } from './schema.js';
import { withStatementCache } from './sqlite-statements.js';
import { NATURAL_ROLL_KEY_FUNCTION, naturalRollKey } from './natural-order.js';

/** The write-ahead log is checkpointed when it holds this many pages: about 40 MB. */
export const WAL_CHECKPOINT_PAGES = 10_000;
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/** Opens a SQLite file (or `:memory:`) the way the product runs it. */
export function openSqlite(filename: string): Kysely<Database> {
  if (filename !== ':memory:') {
    createPrivateDir(dirname(filename));
    prepareSqliteFile(filename);
  }
  const connection = new SQLite(filename);
  connection.pragma('journal_mode = WAL');
  // NORMAL keeps every committed transaction across a process crash (kill -9); only a power
  // loss may drop the last commits, which is the accepted WAL trade-off for write throughput.
  connection.pragma('synchronous = NORMAL');
  // A checkpoint copies the log back into the database and syncs both, inside whichever commit
  // reaches the mark, and copies a page once however many commits rewrote it: a rarer
  // checkpoint copies far fewer pages per row (decision 0019).
  connection.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  // After a reader held checkpoints back, the log shrinks to this once it is written anew.
  connection.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  // A deleted or rewritten row (a purge, an erasure) is zeroed in its page where that costs no
  // extra write, rather than left readable in the file's free space (docs/history.md).
  connection.pragma('secure_delete = fast');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // The students' triggers compute each roll number's sort key with it (migration 0017).
  connection.function(NATURAL_ROLL_KEY_FUNCTION, { deterministic: true }, (rollNumber: unknown) =>
    naturalRollKey(String(rollNumber)),
  );
  return new Kysely<Database>({ dialect: new SqliteDialectKeepingCause(connection) });
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
