import SQLite from 'better-sqlite3';
import { adminUrl, createPgDatabase } from './postgres.js';
import { tempDir } from './processes.js';

export type Dialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_POSTGRES_URL is set (CI sets it). */
export const dialects: Dialect[] = adminUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TargetDatabase {
  dialect: Dialect;
  /** DATABASE_URL for the server process. */
  url: string;
  dataDir: string;
  /** Reads rows straight from the database, beside the server, to check what it stored. */
  rows<Row extends object>(query: string): Promise<Row[]>;
  /**
   * SQLite's consistency check ('ok' when sound). SQLite runs inside the server process that
   * a crash kills; PostgreSQL runs apart and is not killed, so it has none here.
   */
  integrity: (() => Promise<string>) | null;
  drop(): Promise<void>;
}

/** A fresh database of the dialect, in a temporary directory or a PostgreSQL database of its own. */
export async function targetDatabase(dialect: Dialect): Promise<TargetDatabase> {
  const dataDir = tempDir(`um-rel-${dialect}-`);
  if (dialect === 'sqlite') {
    const file = `${dataDir}/app.db`;
    const withFile = <T>(use: (sqlite: SQLite.Database) => T): T => {
      const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
      try {
        return use(sqlite);
      } finally {
        sqlite.close();
      }
    };
    return {
      dialect,
      url: `sqlite:${file}`,
      dataDir,
      rows: async <Row extends object>(query: string) =>
        withFile((sqlite) => sqlite.prepare(query).all() as Row[]),
      integrity: async () =>
        withFile((sqlite) => String(sqlite.pragma('integrity_check', { simple: true }))),
      drop: async () => undefined,
    };
  }
  const database = await createPgDatabase();
  return {
    dialect,
    url: database.url,
    dataDir,
    rows: (query) => database.query(query),
    integrity: null,
    drop: () => database.drop(),
  };
}
