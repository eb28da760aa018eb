import { beforeAll, describe, expect, it } from 'vitest';
import type { Student, StudentSort } from '@um/contract';
import { nowIso } from '../../db/time.js';
import { dialects, useTestApp } from '../../test/harness.js';
import {
  buildStudent,
  insertStandard,
  insertStudent,
  loginAs,
  unique,
} from '../../test/factories.js';

/**
 * The search of `?q=` goes through an index on each dialect (the trigram table on SQLite, a walk
 * of the list's order then pg_trgm on PostgreSQL). These tests pin that the index answers exactly
 * what comparing the columns would, page after page, and follows every write.
 */
describe.each(dialects)('student search index on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret));
  });

  async function search(q: string, standard?: number): Promise<number[]> {
    const query = new URLSearchParams({ q, limit: '200' });
    if (standard !== undefined) query.set('standard', String(standard));
    const response = await t.app.inject({
      method: 'GET',
      url: `/management/students/?${query}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Student[] }>().data.map((student) => student.id);
  }

  it('finds a student after it is added, by its new name after an edit, and not after deletion', async () => {
    const standard = await insertStandard(t.database.db);
    const before = unique('Quill');
    const after = unique('Wren');
    const created = await t.app.inject({
      method: 'POST',
      url: '/management/update_students/',
      headers,
      payload: buildStudent({ standard: standard.id, name: `Ada ${before}` }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const student = created.json<{ data: Student }>().data;
    expect(await search(before)).toEqual([student.id]);

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/management/update_students/',
      headers,
      payload: { ...buildStudent({ standard: standard.id, name: `Ada ${after}` }), id: student.id },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await search(before)).toEqual([]);
    expect(await search(after.toUpperCase())).toEqual([student.id]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/management/update_students/?id=${student.id}`,
      headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await search(after)).toEqual([]);
  });

  it('answers every substring search exactly as comparing the columns (and the phone digits) without case would', async () => {
    const standard = await insertStandard(t.database.db);
    const tag = unique('x').toLowerCase();
    const people = [
      { name: `Anna ${tag}`, email: `anna.${tag}@pupils.test`, roll_number: 'A-100' },
      { name: `ANNABEL ${tag}`, email: `bel.${tag}@pupils.test`, roll_number: 'a-101' },
      { name: `Joey "JJ" ${tag}`, email: `jj.${tag}@pupils.test`, roll_number: 'J 7' },
      { name: `Lena ${tag}`, email: `lena.${tag}@pupils.test`, roll_number: '100%' },
    ];
    const stored = [];
    for (const person of people)
      stored.push(await insertStudent(t.database.db, standard.id, person));

    const texts = ['a', 'an', 'ann', 'ANNA', 'y "j', 'bel', '"jj"', 'joey "', 'a-10', '100', '0%'];
    for (const text of texts) {
      const expected = stored
        .filter((student) =>
          [
            student.name,
            student.email,
            student.roll_number,
            // A number of fewer than four digits is not looked for in phones.
            /^[0-9]{1,3}$/.test(text) ? '' : student.phone_number.replace(/[^0-9]/g, ''),
          ].some((value) => value.toLowerCase().includes(text.toLowerCase())),
        )
        .map((student) => student.id)
        .sort((a, b) => a - b);
      const found = (await search(text, standard.id)).sort((a, b) => a - b);
      expect(found, `q=${text}`).toEqual(expected);
    }
  });

  it('pages a rare word in every order, whether the page is found near the cursor or far past it', async () => {
    const standard = await insertStandard(t.database.db);
    const rare = unique('zq').toLowerCase();
    const now = nowIso();
    // 400 students in roll order 001-400; five hold the rare word, far apart and close together,
    // so that a walk of the order meets some within reach of a page and not others.
    const holders = new Set([3, 150, 160, 390, 400]);
    const rows = Array.from({ length: 400 }, (_, index) => {
      const position = String(index + 1).padStart(3, '0');
      return {
        name: `Pupil ${position}${holders.has(index + 1) ? ` ${rare}` : ''}`,
        email: '',
        roll_number: position,
        standard_id: standard.id,
        phone_number: '',
        address: '',
        created_at: now,
        updated_at: now,
      };
    });
    for (let start = 0; start < rows.length; start += 100) {
      await t.database.db
        .insertInto('students')
        .values(rows.slice(start, start + 100))
        .execute();
    }
    const expected = [...holders].map(
      (position) => `Pupil ${String(position).padStart(3, '0')} ${rare}`,
    );

    const orders: [StudentSort, string[]][] = [
      ['name', expected],
      ['-name', [...expected].reverse()],
      ['roll_number', expected],
      ['-roll_number', [...expected].reverse()],
    ];
    for (const [sort, names] of orders) {
      for (const standardFilter of [undefined, standard.id]) {
        const found: string[] = [];
        let cursor: string | null = null;
        do {
          const query = new URLSearchParams({ q: rare, sort, limit: '1' });
          if (standardFilter !== undefined) query.set('standard', String(standardFilter));
          if (cursor) query.set('cursor', cursor);
          const response = await t.app.inject({
            method: 'GET',
            url: `/management/students/?${query}`,
            headers,
          });
          expect(response.statusCode, response.body).toBe(200);
          const page = response.json<{ data: Student[]; next_cursor: string | null }>();
          found.push(...page.data.map((student) => student.name));
          cursor = page.next_cursor;
        } while (cursor);
        expect(found, `sort=${sort} standard=${standardFilter}`).toEqual(names);
      }
    }
  });
});
