import { z } from 'zod';
import { ID_MAX, fieldTexts, noNulCharacter, wellFormedText } from '@um/contract';
import type { JsonPage } from '../db/json-page.js';
import { WrittenJson } from './written-json.js';
import { badRequest } from './problem.js';

/**
 * Keyset paging shared by the lists: the cursor is the sort key of the last row a page
 * returned, as base64url JSON. Clients treat it as opaque; the server never needs OFFSET,
 * so a page costs the same at row 10 and at row 100 000, and rows inserted or deleted
 * between requests neither repeat nor skip the rows that were already there.
 */

/** Parts of a sort key, bounded like the columns they came from so no cursor reaches the SQL bad. */
export const cursorParts = {
  id: z.number().int().min(1).max(ID_MAX),
  text: z
    .string()
    .refine(...noNulCharacter)
    .refine(...wellFormedText),
};

export function encodeCursor(key: unknown): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The sort key a cursor carries, checked against `schema`; anything else is a 400 problem. */
export function decodeCursor<T>(cursor: string | undefined, schema: z.ZodType<T>): T | undefined {
  // `?cursor=` with nothing after it is how some clients say "first page".
  if (cursor === undefined || cursor === '') return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const parsed = schema.safeParse(key);
  if (!parsed.success)
    throw badRequest(fieldTexts.cursorInvalid, { cursor: [fieldTexts.cursorInvalid] });
  return parsed.data;
}

/**
 * Cuts the `limit + 1` rows a list query fetched down to one page. The extra row only tells
 * whether another page exists, so the last page never answers with a cursor to nothing.
 */
export function toPage<Row>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => unknown,
): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: last === undefined ? null : encodeCursor(keyOf(last)) };
}

/**
 * A list's answer from a page the database wrote as JSON: the cursor is read from the page's
 * last item, as `keyOf` finds the sort key in it. `extra` adds fields after the page's own.
 */
export function writtenJsonList<Item, Extra extends Record<string, number> = Record<never, number>>(
  page: JsonPage,
  keyOf: (item: Item) => unknown,
  extra?: Extra,
): WrittenJson<{ data: Item[]; next_cursor: string | null } & Extra> {
  const cursor =
    page.lastItemBeforeMore === null
      ? null
      : encodeCursor(keyOf(JSON.parse(page.lastItemBeforeMore) as Item));
  let text = `{"data":[${page.items}],"next_cursor":${JSON.stringify(cursor)}`;
  for (const [name, value] of Object.entries(extra ?? {})) {
    text += `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
  }
  return new WrittenJson(`${text}}`);
}
