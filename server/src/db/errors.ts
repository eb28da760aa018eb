/**
 * What a database error means, in either dialect: the database cannot be reached right now
 * (a 503, retry later), or a constraint refused a write (a repository explains it).
 */

const UNAVAILABLE_CODES = new Set([
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

/** Errors that mean "the database cannot be reached right now" rather than a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // better-sqlite3 reports extended codes (SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT,
    // SQLITE_READONLY_DBMOVED, ...); the primary code before the suffix is what counts.
    const primary = /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? code;
    if (UNAVAILABLE_CODES.has(primary)) return true;
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

/**
 * Whether a unique violation is that of the index or column `name`: PostgreSQL names the
 * index, SQLite the columns (`students.admission_number`).
 */
export function violatedUnique(error: unknown, index: string, columns: string): boolean {
  const { constraint, message } = (error ?? {}) as { constraint?: unknown; message?: unknown };
  if (typeof constraint === 'string') return constraint === index;
  return typeof message === 'string' && message.includes(columns);
}
