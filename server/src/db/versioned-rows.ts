import type { Selectable, Updateable } from 'kysely';
import type { Dialect, Executor } from './database.js';
import type { Database } from './schema.js';

/** The tables of versioned records: each has `version`, `updated_at` and the bin's columns. */
export type VersionedTable = 'students' | 'standards';

/**
 * The queries every versioned record's steps take (docs/history.md): its repository makes them
 * for its own table (docs/decisions/0082), and the records layer runs them.
 */
export interface VersionedRows<Row, Values> {
  /** The row `id`, live or in the bin, locked for update on PostgreSQL. */
  lock(trx: Executor, dialect: Dialect, id: number, inBin: boolean): Promise<Row | undefined>;
  /** Writes `values` to the live row still at the version of `before`, as a new version. */
  updateAtVersion(
    trx: Executor,
    before: Row & { id: number; version: number },
    values: Values,
    now: string,
  ): Promise<Row | undefined>;
  /** Moves the live row `id` to the bin, as a new version. */
  moveToBin(trx: Executor, id: number, actorId: number, now: string): Promise<Row | undefined>;
  /** Takes the row `id` out of the bin, with `values` instead of its own, as a new version. */
  restore(trx: Executor, id: number, values?: Values): Promise<Row>;
}

export function versionedRows<Table extends VersionedTable>(
  table: Table,
): VersionedRows<Selectable<Database[Table]>, Updateable<Database[Table]>> {
  type Row = Selectable<Database[Table]>;
  // Both tables have the columns these queries read and write; Kysely types one of them.
  const name = table as 'students';
  const asRow = (row: unknown) => row as Row | undefined;
  const asValues = (values: Updateable<Database[Table]> | undefined) =>
    values as Updateable<Database['students']> | undefined;
  return {
    async lock(trx, dialect, id, inBin) {
      const select = trx
        .selectFrom(name)
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', inBin ? 'is not' : 'is', null);
      return asRow(await (dialect === 'postgres' ? select.forUpdate() : select).executeTakeFirst());
    },
    async updateAtVersion(trx, before, values, now) {
      const row = await trx
        .updateTable(name)
        .set((eb) => ({ ...asValues(values), updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', before.id)
        .where('version', '=', before.version)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return asRow(row);
    },
    async moveToBin(trx, id, actorId, now) {
      const row = await trx
        .updateTable(name)
        .set((eb) => ({ deleted_at: now, deleted_by: actorId, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return asRow(row);
    },
    async restore(trx, id, values) {
      const row = await trx
        .updateTable(name)
        .set((eb) => ({
          ...asValues(values),
          deleted_at: null,
          deleted_by: null,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .returningAll()
        .executeTakeFirstOrThrow();
      return row as unknown as Row;
    },
  };
}
