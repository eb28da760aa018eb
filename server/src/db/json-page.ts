import { sql, type AliasedSelectQueryBuilder, type Expression, type RawBuilder } from 'kysely';
import type { Dialect, Executor } from './database.js';

/**
 * A page of a list written as JSON by the database. Reading a page of 51 students as rows cost
 * more than everything else the request did: SQLite turned some 500 values into JavaScript
 * strings and numbers (PostgreSQL's driver parsed as many), which were then shaped into objects
 * and written out again as JSON. Written by SQLite's `json_object` or PostgreSQL's
 * `json_build_object`, the page arrives as one string, ready to send (decision 0032).
 */

/** One field of an item, written as JSON from the columns of the page's rows. */
export interface JsonField<Value> {
  readonly write: (dialect: Dialect) => Expression<unknown>;
  /** Only for the type checker: the value the field holds. */
  readonly value?: Value;
}

type ColumnOf<Row> = Extract<keyof Row, string>;

const column = (name: string) => sql.ref(`page.${name}`);

/** Writers of a JSON value from one column of a page's rows `Row`. */
function fieldWriters<Row>() {
  return {
    /** A number, a string or null, as the column holds it. */
    value: <Name extends ColumnOf<Row>>(name: Name): JsonField<Row[Name]> => ({
      write: () => column(name),
    }),
    /** A count, which PostgreSQL gives as a bigint: a number in JSON all the same. */
    count: (name: ColumnOf<Row>): JsonField<number> => ({ write: () => column(name) }),
    /**
     * A timestamp as `Date#toISOString` writes it. SQLite keeps that text; PostgreSQL's JSON
     * would write a timestamptz as `2026-11-26T11:33:07.1+00:00`.
     */
    timestamp: (name: ColumnOf<Row>): JsonField<string> => ({
      write: (dialect) =>
        dialect === 'postgres'
          ? sql`to_char(${column(name)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
          : column(name),
    }),
    /** true when the column holds a value, false when it is null. */
    isSet: (name: ColumnOf<Row>): JsonField<boolean> => ({
      write: (dialect) =>
        dialect === 'postgres'
          ? sql`(${column(name)} is not null)`
          : // SQLite has no boolean: json() marks the text as JSON for json_object.
            sql`json(case when ${column(name)} is null then 'false' else 'true' end)`,
    }),
  };
}

/** How an item of the contract (`Item`) is written from a row of a page (`Row`). */
export interface JsonItem<Item, Row> {
  readonly fields: readonly (readonly [string, JsonField<unknown>])[];
  /** Only for the type checker. */
  readonly shape?: (row: Row) => Item;
}

/**
 * Every field of `Item`, each written from the row's columns; the type checker holds each
 * field to the contract's type, null included.
 */
export function jsonItem<Item, Row>(
  write: (field: ReturnType<typeof fieldWriters<Row>>) => {
    readonly [Key in keyof Item]-?: JsonField<Item[Key]>;
  },
): JsonItem<Item, Row> {
  return { fields: Object.entries<JsonField<unknown>>(write(fieldWriters<Row>())) };
}

/** Between two items of the aggregated page; no item written by the database contains it. */
const ITEM_SEPARATOR = ',\n';

export interface PageOrder<Row> {
  column: ColumnOf<Row>;
  direction: 'asc' | 'desc';
}

/**
 * The page `rows` selects (in its order, `limit + 1` rows at most) as one row: how many rows
 * there were and their items as JSON, in `order`, joined by `ITEM_SEPARATOR`.
 */
export function jsonPageQuery<Row, Item>(
  db: Executor,
  dialect: Dialect,
  rows: { as(alias: 'page'): AliasedSelectQueryBuilder<Row, 'page'> },
  item: JsonItem<Item, Row>,
  order: readonly PageOrder<Row>[],
) {
  const pairs = item.fields.map(([name, field]) => sql`${sql.lit(name)}, ${field.write(dialect)}`);
  const object: RawBuilder<string> =
    dialect === 'postgres'
      ? sql`json_build_object(${sql.join(pairs)})::text`
      : sql`json_object(${sql.join(pairs)})`;
  const orderBy = sql.join(
    order.map(({ column: name, direction }) => sql`${column(name)} ${sql.raw(direction)}`),
  );
  const separator = sql.lit(ITEM_SEPARATOR);
  const items =
    dialect === 'postgres'
      ? sql<string | null>`string_agg(${object}, ${separator} order by ${orderBy})`
      : sql<string | null>`group_concat(${object}, ${separator} order by ${orderBy})`;
  return db
    .selectFrom(rows.as('page'))
    .select([sql<number>`count(*)`.as('count'), items.as('items')]);
}

export interface JsonPage {
  /** The page's items, joined by commas: the inside of a JSON array. */
  items: string;
  /** The last item of the page when another page follows it, as JSON. */
  lastItemBeforeMore: string | null;
}

/**
 * Cuts the `limit + 1` items a page query read down to `limit`: the extra one only tells
 * whether another page exists.
 */
export function cutJsonPage(
  result: { count: number | string; items: string | null } | undefined,
  limit: number,
): JsonPage {
  const items = result?.items ?? '';
  if (Number(result?.count ?? 0) <= limit) return { items, lastItemBeforeMore: null };
  const page = items.slice(0, items.lastIndexOf(ITEM_SEPARATOR));
  const lastStart = page.lastIndexOf(ITEM_SEPARATOR);
  const lastItemBeforeMore =
    lastStart === -1 ? page : page.slice(lastStart + ITEM_SEPARATOR.length);
  return { items: page, lastItemBeforeMore };
}
