import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorParts, decodeCursor, encodeCursor, toPage } from './keyset.js';
import { HttpError } from './problem.js';

const key = z.tuple([cursorParts.text, cursorParts.id]);

describe('keyset cursors', () => {
  it('round-trips a sort key through an opaque URL-safe cursor', () => {
    const cursor = encodeCursor(['Ånes "Ω" / + =', 42]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, key)).toEqual(['Ånes "Ω" / + =', 42]);
  });

  it('treats a missing or empty cursor as the first page', () => {
    expect(decodeCursor(undefined, key)).toBeUndefined();
    expect(decodeCursor('', key)).toBeUndefined();
  });

  it.each([
    ['not base64 JSON', '!!!'],
    ['JSON of the wrong shape', encodeCursor({ name: 'a', id: 1 })],
    ['an id out of range', encodeCursor(['a', 0])],
    ['a NUL character', encodeCursor(['a\u0000', 1])],
  ])('refuses %s with a 400 problem naming cursor', (_, cursor) => {
    try {
      decodeCursor(cursor, key);
      expect.unreachable('a malformed cursor was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).options.errors).toHaveProperty('cursor');
    }
  });

  it('cuts limit + 1 rows to a page and points the cursor at its last row', () => {
    const rows = [1, 2, 3, 4];
    const page = toPage(rows, 3, (row) => ['x', row]);
    expect(page.rows).toEqual([1, 2, 3]);
    expect(decodeCursor(page.nextCursor ?? undefined, key)).toEqual(['x', 3]);
    expect(toPage([1, 2, 3], 3, (row) => ['x', row])).toEqual({
      rows: [1, 2, 3],
      nextCursor: null,
    });
  });
});
