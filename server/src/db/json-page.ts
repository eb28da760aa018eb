import { sql, type AliasedRawBuilder, type Expression } from 'kysely';
import type { Dialect } from './database.js';

/**
 * Lists whose items the database writes as the API's JSON. Reading a page of 51 students as
 * rows cost more than everything else the request did: SQLite turned some 500 values into
 * JavaScript strings and numbers (PostgreSQL's driver parsed as many), which were then shaped
 * into objects and written out again as JSON. Written by SQLite's `json_object` or
 * PostgreSQL's `json_build_object` in the page's own query, each item arrives as one string,
 * ready to send (decision 0032).
 */

/** One field of an item, written as JSON from the row the page's query reads. */
export interface JsonField<Value> {
  readonly write: (dialect: Dialect) => Expression<unknown>;
  /** Only for the type checker: the value the field holds. */
  readonly value?: Value;
}

type ColumnOf<Row> = Extract<keyof Row, string>;

/** Writers of a JSON value from a column of `table`, whose rows are `Row`. */
function fieldWriters<Row>(table: string) {
  const column = (name: string, from = table) => sql.ref(`${from}.${name}`);
  return {
    /** A number, a string or null, as the column holds it. */
    value: <Name extends ColumnOf<Row>>(name: Name): JsonField<Row[Name]> => ({
      write: () => column(name),
    }),
    /** A count, which PostgreSQL gives as a bigint: a number in JSON all the same. */
    count: (count: Expression<unknown>): JsonField<number> => ({ write: () => count }),
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
    /** true when the column (of `from`, when a joined table holds it) has a value. */
    isSet: (name: ColumnOf<Row>, from?: string): JsonField<boolean> => ({
      write: (dialect) =>
        dialect === 'postgres'
          ? sql`(${column(name, from)} is not null)`
          : // SQLite has no boolean: json() marks the text as JSON for json_object.
            sql`json(case when ${column(name, from)} is null then 'false' else 'true' end)`,
    }),
  };
}

/** The column a page's query selects its items as. */
export type JsonItemColumn = AliasedRawBuilder<string, 'item'>;

/**
 * How an item of the contract (`Item`) is written from a row of `table` (`Row`): every field
 * of `Item`, each with a writer whose type the type checker holds to the field's, null
 * included. The result is the column to select in the page's query, for one dialect.
 */
export function jsonItem<Item, Row>(
  table: string,
  write: (field: ReturnType<typeof fieldWriters<Row>>) => {
    readonly [Key in keyof Item]-?: JsonField<Item[Key]>;
  },
): (dialect: Dialect) => JsonItemColumn {
  const fields = Object.entries<JsonField<unknown>>(write(fieldWriters<Row>(table)));
  return (dialect) => {
    const pairs = sql.join(
      fields.map(([name, field]) => sql`${sql.lit(name)}, ${field.write(dialect)}`),
    );
    const object =
      dialect === 'postgres'
        ? sql<string>`json_build_object(${pairs})::text`
        : sql<string>`json_object(${pairs})`;
    return object.as('item');
  };
}

export interface JsonPage {
  /** The page's items, joined by commas: the inside of a JSON array. */
  items: string;
  /** The last item of the page when another page follows it. */
  lastItemBeforeMore: string | null;
}

/**
 * Cuts the `limit + 1` items a page query read down to `limit`: the extra one only tells
 * whether another page exists.
 */
export function cutJsonPage(rows: readonly { item: string }[], limit: number): JsonPage {
  const page = rows.length > limit ? rows.slice(0, limit) : rows;
  return {
    items: page.map((row) => row.item).join(','),
    lastItemBeforeMore: rows.length > limit ? (page[page.length - 1]?.item ?? null) : null,
  };
}
