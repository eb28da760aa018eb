import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const STATEMENT_CACHE_SIZE = 256;

/**
 * better-sqlite3 with its prepared statements kept, most recently used last: Kysely prepares
 * every query it runs, and preparing costs as much as running a request's queries (decision
 * 0013). The product sends a few dozen distinct SQL texts, so a small cache holds them all.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
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
 * better-sqlite3 makes each row object in C++ one property at a time, a large part of reading a
 * page (decision 0022); a function made once per statement gives every row the same shape in
 * one object literal. Rows keep better-sqlite3's
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
