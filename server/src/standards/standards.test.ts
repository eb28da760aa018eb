import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { currentAcademicYear, type Standard } from '@um/contract';
import { encodeCursor } from '../db/paging.js';
import { dialects, signedInCaller, useTestApp } from '../test/harness.js';
import {
  buildStandard,
  insertStandard,
  insertStudent,
  loginAs,
  unique,
} from '../test/factories.js';

const PROBLEM = /^application\/problem\+json/;

describe.each(dialects)('standards API on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret));
  });

  const call = signedInCaller(t, () => headers);

  async function listAll(): Promise<Standard[]> {
    const all: Standard[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const response = await call('GET', `/management/standard/?limit=200${query}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ data: Standard[]; next_cursor: string | null }>();
      all.push(...body.data);
      cursor = body.next_cursor;
    } while (cursor);
    return all;
  }

  it('answers 401 problem JSON on every standards route without a valid access token', async () => {
    const standard = await insertStandard(t.database.db);
    const routes: [InjectOptions['method'], string][] = [
      ['GET', '/management/standard/'],
      ['POST', '/management/standard/'],
      ['GET', `/management/standard/${standard.id}/`],
      ['PUT', `/management/standard/${standard.id}/`],
      ['DELETE', `/management/standard/${standard.id}/`],
    ];
    for (const [method, url] of routes) {
      for (const authorization of [undefined, 'Bearer not-a-token']) {
        const response = await t.app.inject({
          method,
          url,
          headers: authorization ? { authorization } : {},
          ...(method === 'POST' || method === 'PUT' ? { payload: { name: 'x' } } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.headers['content-type']).toMatch(PROBLEM);
      }
    }
    expect((await call('GET', `/management/standard/${standard.id}/`)).statusCode).toBe(200);
  });

  it('creates a standard with trimmed fields and answers 201 {data} with a student count of 0', async () => {
    const name = unique('Grade ');
    const response = await call('POST', '/management/standard/', {
      name: `  ${name}  `,
      grade_level: 7,
      description: '  Science stream ',
      academic_year: '2031',
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: Standard }>();
    expect(data).toEqual({
      id: expect.any(Number),
      name,
      grade_level: 7,
      description: 'Science stream',
      academic_year: '2031',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: data.created_at,
      student_count: 0,
      version: 1,
      teachers: [],
    });
    const stored = await call('GET', `/management/standard/${data.id}/`);
    expect(stored.json()).toEqual({ data });
  });

  it('defaults the academic year to the current year and the description to empty', async () => {
    const response = await call('POST', '/management/standard/', {
      name: unique('Grade '),
      grade_level: 1,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      academic_year: currentAcademicYear(),
      description: '',
    });
  });

  it('rejects a blank name, a grade level outside 1-12 and a malformed year with the spec messages', async () => {
    for (const grade_level of [0, 13, 2.5, '5']) {
      const response = await call('POST', '/management/standard/', {
        name: '   ',
        grade_level,
        academic_year: '26',
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(PROBLEM);
      expect(response.json()).toMatchObject({
        status: 400,
        errors: {
          name: ['Standard name is required.'],
          grade_level: ['Grade level must be between 1 and 12.'],
          academic_year: ['Academic year must be a 4-digit year.'],
        },
      });
    }
  });

  it('bounds the name at 100 and the description at 1000 characters', async () => {
    const atLimit = await call('POST', '/management/standard/', {
      ...buildStandard({ name: unique().padEnd(100, 'x') }),
      description: 'd'.repeat(1000),
    });
    expect(atLimit.statusCode).toBe(201);
    const over = await call('POST', '/management/standard/', {
      ...buildStandard({ name: 'x'.repeat(101) }),
      description: 'd'.repeat(1001),
    });
    expect(over.statusCode).toBe(400);
    expect(Object.keys(over.json().errors).sort()).toEqual(['description', 'name']);
  });

  it('rejects unknown fields, an id included, and lists them in the 400 problem', async () => {
    const response = await call('POST', '/management/standard/', {
      ...buildStandard(),
      id: 99,
      student_count: 3,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.detail).toContain('id');
    expect(body.detail).toContain('student_count');
    expect(Object.keys(body.errors).join(',')).toMatch(/id.*student_count/);
  });

  it('answers 409 naming the name when it exists in the same academic year, and allows it in another year', async () => {
    const name = unique('Grade ');
    expect(
      (await call('POST', '/management/standard/', buildStandard({ name, academic_year: '2030' })))
        .statusCode,
    ).toBe(201);
    const clash = await call(
      'POST',
      '/management/standard/',
      buildStandard({ name: ` ${name} `, academic_year: '2030' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.headers['content-type']).toMatch(PROBLEM);
    expect(clash.json()).toMatchObject({
      status: 409,
      detail: `A standard named "${name}" already exists for 2030.`,
      errors: { name: [expect.stringContaining(name)] },
    });
    const otherYear = await call(
      'POST',
      '/management/standard/',
      buildStandard({ name, academic_year: '2029' }),
    );
    expect(otherYear.statusCode).toBe(201);
  });

  it('lists standards by grade level, then name, then id, with how many students each has', async () => {
    const tag = unique('Order ');
    const b9 = await insertStandard(t.database.db, { name: `${tag} B`, grade_level: 9 });
    const a9 = await insertStandard(t.database.db, { name: `${tag} A`, grade_level: 9 });
    const z2 = await insertStandard(t.database.db, { name: `${tag} Z`, grade_level: 2 });
    const a9next = await insertStandard(t.database.db, {
      name: `${tag} A`,
      grade_level: 9,
      academic_year: '2099',
    });
    await insertStudent(t.database.db, a9.id);
    await insertStudent(t.database.db, a9.id);

    const all = await listAll();
    const mine = all.filter((standard) => standard.name.startsWith(tag));
    expect(mine.map((standard) => standard.id)).toEqual([z2.id, a9.id, a9next.id, b9.id]);
    expect(mine.find((standard) => standard.id === a9.id)?.student_count).toBe(2);
    expect(mine.find((standard) => standard.id === b9.id)?.student_count).toBe(0);
    const sortKeys = all.map((s) => [s.grade_level, s.name, s.id] as const);
    const sorted = [...sortKeys].sort(
      (x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] - y[2]),
    );
    expect(sortKeys).toEqual(sorted);
  });

  it('pages the list with next_cursor, with no duplicate and no gap', async () => {
    for (let i = 0; i < 5; i += 1) await insertStandard(t.database.db);
    const expected = (await listAll()).map((standard) => standard.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const response = await call('GET', `/management/standard/?limit=2${query}`);
      const body = response.json<{ data: Standard[]; next_cursor: string | null }>();
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((standard) => standard.id));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 2));
  });

  it('refuses a limit over 200 or under 1, a malformed cursor and unknown query parameters with 400', async () => {
    expect((await call('GET', '/management/standard/?limit=200')).statusCode).toBe(200);
    for (const query of [
      'limit=201',
      'limit=0',
      'limit=ten',
      'cursor=not-a-cursor',
      `cursor=${Buffer.from('{"a":1}').toString('base64url')}`,
      'cursor=' + 'x'.repeat(1025),
      `cursor=${encodeCursor([5, 'a\u0000', 1])}`,
      `cursor=${encodeCursor([1e15, 'a', 1])}`,
      `cursor=${encodeCursor([5, 'a', 9_999_999_999])}`,
      `cursor=${encodeCursor([5, 'a'])}`,
      'sort=name',
    ]) {
      const response = await call('GET', `/management/standard/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(PROBLEM);
    }
    const bad = await call('GET', '/management/standard/?cursor=bm90IGpzb24');
    expect(bad.json().errors).toHaveProperty('cursor');
  });

  it('answers GET of one standard with {data}, 404 for an unknown id and 400 for a malformed id', async () => {
    const standard = await insertStandard(t.database.db);
    const found = await call('GET', `/management/standard/${standard.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({ id: standard.id, name: standard.name });
    const missing = await call('GET', '/management/standard/987654/');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(PROBLEM);
    expect(missing.json()).toMatchObject({ status: 404, detail: 'Standard not found.' });
    expect((await call('GET', '/management/standard/abc/')).statusCode).toBe(400);
    expect((await call('GET', '/management/standard/0/')).statusCode).toBe(400);
  });

  it('replaces every field on PUT and accepts a body id equal to the path id', async () => {
    const standard = await insertStandard(t.database.db, { description: 'old' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const name = unique('Renamed ');
    const response = await call('PUT', `/management/standard/${standard.id}/`, {
      id: standard.id,
      name: ` ${name} `,
      grade_level: 12,
      academic_year: '2032',
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Standard }>();
    expect(data).toMatchObject({
      id: standard.id,
      name,
      grade_level: 12,
      description: '',
      academic_year: '2032',
      created_at: standard.created_at,
      student_count: 0,
    });
    expect(data.updated_at > standard.updated_at).toBe(true);
  });

  it('refuses a PUT whose body id differs from the path with 400 and changes nothing', async () => {
    const standard = await insertStandard(t.database.db);
    const other = await insertStandard(t.database.db);
    const response = await call('PUT', `/management/standard/${standard.id}/`, {
      ...buildStandard(),
      id: other.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      id: ['The id in the body must match the id in the path.'],
    });
    const extra = await call('PUT', `/management/standard/${standard.id}/`, {
      ...buildStandard(),
      student_count: 0,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().detail).toContain('student_count');
    for (const unchanged of [standard, other]) {
      const stored = await call('GET', `/management/standard/${unchanged.id}/`);
      expect(stored.json().data.name).toBe(unchanged.name);
    }
  });

  it('answers PUT to an unknown standard with 404 and PUT to a taken name with 409 naming name', async () => {
    const missing = await call('PUT', '/management/standard/987654/', buildStandard());
    expect(missing.statusCode).toBe(404);
    const first = await insertStandard(t.database.db, { academic_year: '2033' });
    const second = await insertStandard(t.database.db, { academic_year: '2033' });
    const clash = await call(
      'PUT',
      `/management/standard/${second.id}/`,
      buildStandard({ name: first.name, academic_year: '2033' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toHaveProperty('name');
    const same = await call(
      'PUT',
      `/management/standard/${second.id}/`,
      buildStandard({ name: second.name, academic_year: '2033', grade_level: 3 }),
    );
    expect(same.statusCode).toBe(200);
  });

  it('deletes a standard without students with 204, after which it is 404', async () => {
    const standard = await insertStandard(t.database.db);
    const response = await call('DELETE', `/management/standard/${standard.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('GET', `/management/standard/${standard.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/management/standard/${standard.id}/`)).statusCode).toBe(404);
  });

  it('refuses to delete a standard that has students with 409 saying how many, and nothing cascades', async () => {
    const standard = await insertStandard(t.database.db, { name: unique('5 A ') });
    const students = [
      await insertStudent(t.database.db, standard.id),
      await insertStudent(t.database.db, standard.id),
      await insertStudent(t.database.db, standard.id),
    ];
    const response = await call('DELETE', `/management/standard/${standard.id}/`);
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toMatch(PROBLEM);
    expect(response.json()).toMatchObject({
      status: 409,
      detail: `Standard "${standard.name}" is in use by 3 students.`,
    });
    const remaining = await t.database.db
      .selectFrom('students')
      .select('id')
      .where('standard_id', '=', standard.id)
      .execute();
    expect(remaining.map((row) => row.id).sort()).toEqual(students.map((s) => s.id).sort());
    expect((await call('GET', `/management/standard/${standard.id}/`)).statusCode).toBe(200);

    await t.database.db
      .deleteFrom('students')
      .where('id', '!=', students[0]!.id)
      .where('standard_id', '=', standard.id)
      .execute();
    const single = await call('DELETE', `/management/standard/${standard.id}/`);
    expect(single.json().detail).toBe(`Standard "${standard.name}" is in use by 1 student.`);
  });

  it('stores SQL and script payloads verbatim', async () => {
    const name = `'); DROP TABLE students;-- ${unique()}`;
    const description = '<script>alert("x")</script> %_\\ " \u2028 Ω 😀 ${{7*7}}';
    const response = await call('POST', '/management/standard/', {
      name,
      grade_level: 4,
      description,
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: Standard }>();
    expect(data).toMatchObject({ name, description });
    const stored = await call('GET', `/management/standard/${data.id}/`);
    expect(stored.json().data).toMatchObject({ name, description });
    expect((await listAll()).some((standard) => standard.name === name)).toBe(true);
  });

  it('refuses the NUL character, which PostgreSQL cannot store, with 400 naming the field', async () => {
    const response = await call('POST', '/management/standard/', {
      ...buildStandard(),
      description: 'a\u0000b',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      description: ['Text must not contain the NUL character.'],
    });
  });

  it('answers an id beyond the 32-bit id range with 400, not a database error', async () => {
    const response = await call('GET', '/management/standard/9999999999/');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('id');
  });

  it('documents every standards route with bearer security in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    }>();
    const list = document.paths['/management/standard/'];
    const one = document.paths['/management/standard/{id}/'];
    expect(Object.keys(list ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(one ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    for (const operation of [...Object.values(list ?? {}), ...Object.values(one ?? {})]) {
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation.responses)).toContain('401');
    }
  });
});
