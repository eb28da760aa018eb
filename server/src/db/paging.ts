import { sql, type AliasedRawBuilder, type Expression } from 'kysely';
import { z } from 'zod';
import { ID_MAX, fieldTexts, noNulCharacter, wellFormedText } from '@um/contract';
import type { Dialect } from './database.js';

/**
 * Keyset paging, the one way every list pages (docs/api.md, "Lists"). A page's cursor is the
 * sort key of its last item, as base64url JSON; the next page's query starts after that key.
 * No list needs OFFSET, so a page costs the same at row 10 and at row 100 000, and rows added
 * or deleted between requests neither repeat nor skip the rows that were already there.
 *
 * Each list declares its keyset once: the cursor's schema and where an item's sort key is.
 * Its query reads `rowsToRead` rows, one more than the page shows, and `page` or
 * `writtenPage` cuts them to the page and writes the cursor from its last item.
 */

/** Parts of a sort key, bounded like the columns they came from so no cursor reaches the SQL bad. */
export const cursorParts = {
  id: z.number().int().min(1).max(ID_MAX),
  text: z
    .string()
    .refine(...noNulCharacter)
    .refine(...wellFormedText),
};

/** A cursor this server did not write, or wrote for another list or order: a 400 problem. */
export class InvalidCursor extends Error {
  constructor() {
    super(fieldTexts.cursorInvalid);
    this.name = 'InvalidCursor';
  }
}

export function encodeCursor(key: unknown): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

function decodeCursor<Key>(cursor: string | undefined, schema: z.ZodType<Key>): Key | undefined {
  // `?cursor=` with nothing after it is how some clients say "first page".
  if (cursor === undefined || cursor === '') return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor();
  }
  const parsed = schema.safeParse(key);
  if (!parsed.success) throw new InvalidCursor();
  return parsed.data;
}

/** What a client asks of a list: how many items, after which cursor. */
export interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}

/** A page to read: the sort key it starts after (none for the first page) and its size. */
export interface PageRequest<After> {
  after: After | undefined;
  limit: number;
  /** What the page's query reads: one row more than the page shows, to tell if more follow. */
  rowsToRead: number;
}

/** A page of a list as the API answers it. */
export interface Page<Item> {
  data: Item[];
  next_cursor: string | null;
}

/**
 * A page whose items the database wrote as the API's JSON (decision 0032): `items` is the
 * inside of the JSON array, sent as it is (http/written-json.ts).
 */
export interface WrittenPage<Item> {
  readonly items: string;
  readonly next_cursor: string | null;
  /** Only for the type checker: what each written item stands for. */
  readonly item?: Item;
}

export interface Keyset<Item, After> {
  /** The page a client asks for; a cursor that does not fit throws `InvalidCursor`. */
  request(query: PageQuery): PageRequest<After>;
  /** The page of the `rowsToRead` items a query read. */
  page(items: readonly Item[], request: PageRequest<After>): Page<Item>;
  /** The page of the `rowsToRead` rows a query read, each an item written as JSON. */
  writtenPage(rows: readonly { item: string }[], request: PageRequest<After>): WrittenPage<Item>;
}

/**
 * How a list pages: `cursor` checks the sort key a cursor carries, and `keyOf` finds that key
 * in an item of the API (`as const`, so that the type checker holds it to the cursor's).
 */
export function keyset<Item, Cursor extends z.ZodType>(
  cursor: Cursor,
  keyOf: (item: Item) => Readonly<z.input<Cursor>>,
): Keyset<Item, z.output<Cursor>> {
  /** The page's rows and, when another page follows, the last of them. */
  function cut<Row>(rows: readonly Row[], limit: number) {
    if (rows.length <= limit) return { rows, last: undefined };
    const page = rows.slice(0, limit);
    return { rows: page, last: page[page.length - 1] };
  }
  return {
    request(query) {
      const after = decodeCursor(query.cursor, cursor as z.ZodType<z.output<Cursor>>);
      return { after, limit: query.limit, rowsToRead: query.limit + 1 };
    },
    page(items, request) {
      const { rows, last } = cut(items, request.limit);
      return {
        data: [...rows],
        next_cursor: last === undefined ? null : encodeCursor(keyOf(last)),
      };
    },
    writtenPage(rows, request) {
      const { rows: page, last } = cut(rows, request.limit);
      return {
        items: page.map((row) => row.item).join(','),
        next_cursor: last === undefined ? null : encodeCursor(keyOf(JSON.parse(last.item) as Item)),
      };
    },
  };
}

/**
 * Items written as the API's JSON by the database. Reading a page of 51 students as rows cost
 * more than everything else the request did (decision 0032); written by SQLite's `json_object`
 * or PostgreSQL's `json_build_object` in the page's own query, each item arrives as one
 * string, ready to send.
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
    /** A JSON value the database writes itself, such as an array from related rows. */
    json: <Value>(write: (dialect: Dialect) => Expression<unknown>): JsonField<Value> => ({
      write,
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
