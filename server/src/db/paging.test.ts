import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidCursor, cursorParts, encodeCursor, keyset } from './paging.js';

interface Item {
  name: string;
  id: number;
}

const pages = keyset(
  z.tuple([cursorParts.text, cursorParts.id]),
  (item: Item) => [item.name, item.id] as const,
);
const items = (...ids: number[]) => ids.map((id) => ({ name: `n${id}`, id }));

describe('keyset paging', () => {
  it('round-trips a sort key through an opaque URL-safe cursor', () => {
    const cursor = encodeCursor(['Ånes "Ω" / + =', 42]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(pages.request({ limit: 5, cursor }).after).toEqual(['Ånes "Ω" / + =', 42]);
  });

  it('treats a missing or empty cursor as the first page', () => {
    expect(pages.request({ limit: 5 }).after).toBeUndefined();
    expect(pages.request({ limit: 5, cursor: '' }).after).toBeUndefined();
  });

  it.each([
    ['not base64 JSON', '!!!'],
    ['JSON of the wrong shape', encodeCursor({ name: 'a', id: 1 })],
    ['an id out of range', encodeCursor(['a', 0])],
    ['a NUL character', encodeCursor(['a\u0000', 1])],
  ])('refuses %s as an invalid cursor', (_, cursor) => {
    expect(() => pages.request({ limit: 5, cursor })).toThrow(InvalidCursor);
  });

  it('reads one row more than the page shows, to tell whether another follows', () => {
    expect(pages.request({ limit: 3 }).rowsToRead).toBe(4);
  });

  it('cuts the rows read to a page and points the cursor at its last item', () => {
    const request = pages.request({ limit: 3 });
    const page = pages.page(items(1, 2, 3, 4), request);
    expect(page.data).toEqual(items(1, 2, 3));
    expect(pages.request({ limit: 3, cursor: page.next_cursor ?? '' }).after).toEqual(['n3', 3]);
    expect(pages.page(items(1, 2, 3), request)).toEqual({
      data: items(1, 2, 3),
      next_cursor: null,
    });
  });

  it('cuts rows written as JSON the same way, reading the cursor from the last item shown', () => {
    const request = pages.request({ limit: 2 });
    const rows = items(1, 2, 3).map((item) => ({ item: JSON.stringify(item) }));
    const page = pages.writtenPage(rows, request);
    expect(JSON.parse(`[${page.items}]`)).toEqual(items(1, 2));
    expect(pages.request({ limit: 2, cursor: page.next_cursor ?? '' }).after).toEqual(['n2', 2]);
    const last = pages.writtenPage(rows.slice(0, 2), request);
    expect(last.next_cursor).toBeNull();
    expect(pages.writtenPage([], request)).toEqual({ items: '', next_cursor: null });
  });
});
