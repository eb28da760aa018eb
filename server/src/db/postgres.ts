import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type TableMetadata,
} from 'kysely';
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

/**
 * Kysely's migrator asks which tables there are before it migrates, and Kysely's own answer reads
 * every schema of the database, asking `has_schema_privilege` of each name as it goes: a schema
 * dropped meanwhile by another deployment or another test file failed the migration with
 * "schema does not exist". This answer reads the connection's own schema only.
 */
class OwnSchemaIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    super(db);
    this.#db = db;
  }

  override async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      table_type: string;
      column: string;
      type: string;
      nullable: string;
      default_value: string | null;
      identity: string;
    }>`
      select t.table_schema as schema, t.table_name as table, t.table_type,
             c.column_name as column, c.udt_name as type, c.is_nullable as nullable,
             c.column_default as default_value, c.is_identity as identity
      from information_schema.tables t
      join information_schema.columns c
        on c.table_schema = t.table_schema and c.table_name = t.table_name
      where t.table_schema = current_schema()
      order by t.table_name, c.ordinal_position`.execute(this.#db);
    const internal = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options?.withInternalKyselyTables && internal.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.table_type === 'VIEW',
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        isNullable: row.nullable === 'YES',
        hasDefaultValue: row.default_value !== null,
        isAutoIncrementing:
          row.identity === 'YES' || (row.default_value ?? '').startsWith('nextval('),
      });
    }
    return [...tables.values()];
  }
}

class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

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
  return new Kysely<Database>({
    dialect: new OwnSchemaPostgresDialect({ pool: preparingPool(pool) }),
  });
}
