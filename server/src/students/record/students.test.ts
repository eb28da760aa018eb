import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { fieldTexts, studentInputSchema, type Student } from '@um/contract';
import { nowIso } from '../../db/time.js';
import { encodeCursor } from '../../db/paging.js';
import { dialects, signedInCaller, useTestApp } from '../../test/harness.js';
import { createStudents } from './writes.js';
import {
  buildStudent,
  insertStandard,
  insertStudent,
  loginAs,
  unique,
} from '../../test/factories.js';

const PROBLEM = /^application\/problem\+json/;
type StudentPage = { data: Student[]; next_cursor: string | null };

describe.each(dialects)('students API on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  let actorId: number;
  beforeAll(async () => {
    let user: { id: number };
    ({ headers, user } = await loginAs(t.database.db, t.config.jwtSecret));
    actorId = user.id;
  });

  const call = signedInCaller(t, () => headers);

  async function page(query: string): Promise<StudentPage> {
    const response = await call('GET', `/management/students/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StudentPage>();
  }

  /** Every student the list yields for `query`, following next_cursor to the end. */
  async function walk(query: string, onPage?: (page: StudentPage) => Promise<void>) {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const current = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...current.data.map((student) => student.id));
      cursor = current.next_cursor;
      await onPage?.(current);
    } while (cursor);
    return ids;
  }

  async function insertMany(standardId: number, names: string[]) {
    const now = nowIso();
    const rows = await t.database.db
      .insertInto('students')
      .values(
        names.map((name) => ({
          name,
          email: `${unique('p')}@pupils.test`,
          roll_number: unique('R').slice(0, 20),
          standard_id: standardId,
          phone_number: '',
          address: '',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  it('answers 401 problem JSON on every students route without a valid access token', async () => {
    const standard = await insertStandard(t.database.db);
    const student = await insertStudent(t.database.db, standard.id);
    const body = buildStudent({ standard: standard.id });
    const routes: [InjectOptions['method'], string, unknown][] = [
      ['GET', '/management/students/', undefined],
      ['GET', `/management/students/${student.id}/`, undefined],
      ['POST', '/management/update_students/', body],
      ['PUT', '/management/update_students/', { ...body, id: student.id }],
      ['DELETE', '/management/update_students/', { id: student.id }],
      ['DELETE', `/management/update_students/?id=${student.id}`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      for (const authorization of [undefined, 'Bearer not-a-token', 'Basic abc']) {
        const response = await t.app.inject({
          method,
          url,
          headers: authorization ? { authorization } : {},
          ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.headers['content-type']).toMatch(PROBLEM);
        expect(response.json().detail).toBe('Authentication required. Please log in.');
      }
    }
    expect((await call('GET', `/management/students/${student.id}/`)).statusCode).toBe(200);
  });

  it('creates a student with 201 {data}: trimmed, e-mail lower-cased, standard from an integer string', async () => {
    const standard = await insertStandard(t.database.db);
    const response = await call('POST', '/management/update_students/', {
      name: '  Asha Rao ',
      email: ' Asha.Rao@Pupils.TEST ',
      roll_number: ' 12 ',
      standard: String(standard.id),
      phone_number: ' +91 (80) 1234-5678 ',
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: Student }>();
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'Asha Rao',
      email: 'asha.rao@pupils.test',
      roll_number: '12',
      standard: standard.id,
      phone_number: '+91 (80) 1234-5678',
      address: '',
      admission_number: '',
      date_of_birth: null,
      status: 'active',
      left_on: null,
      guardians: [],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: data.created_at,
      version: 1,
    });
    const stored = await call('GET', `/management/students/${data.id}/`);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ data });
  });

  it('requires name, roll number and standard (not e-mail), and names each in the 400 problem', async () => {
    const response = await call('POST', '/management/update_students/', {});
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM);
    expect(response.json().errors).toEqual({
      name: ['Name is required.'],
      roll_number: ['Roll number is required.'],
      standard: ['Please choose a standard.'],
    });
    const blank = await call('POST', '/management/update_students/', {
      name: ' ',
      email: ' ',
      roll_number: ' ',
      standard: 0,
    });
    expect(Object.keys(blank.json().errors).sort()).toEqual(['name', 'roll_number', 'standard']);
  });

  it('answers 400 naming standard when the standard does not exist', async () => {
    const response = await call(
      'POST',
      '/management/update_students/',
      buildStudent({ standard: 987_654 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      errors: { standard: ['The chosen standard does not exist.'] },
    });
  });

  it('bounds name 100, e-mail 254, roll number 20, phone 20 of digits and + - ( ), address 500', async () => {
    const standard = await insertStandard(t.database.db);
    const atLimit = await call('POST', '/management/update_students/', {
      name: 'n'.repeat(100),
      email: `${'e'.repeat(64)}@${'d'.repeat(180)}.test`,
      roll_number: unique().padEnd(20, '0'),
      standard: standard.id,
      phone_number: '+1 (555) 010-0000 99',
      address: 'a'.repeat(500),
    });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    const over = await call('POST', '/management/update_students/', {
      name: 'n'.repeat(101),
      email: `${'e'.repeat(64)}@${'d'.repeat(190)}.test`,
      roll_number: 'r'.repeat(21),
      standard: standard.id,
      phone_number: '1'.repeat(21),
      address: 'a'.repeat(501),
    });
    expect(over.statusCode).toBe(400);
    expect(Object.keys(over.json().errors).sort()).toEqual([
      'address',
      'email',
      'name',
      'phone_number',
      'roll_number',
    ]);
    const wrong = await call(
      'POST',
      '/management/update_students/',
      buildStudent({ standard: standard.id, email: 'not-an-email', phone_number: 'call me' }),
    );
    expect(wrong.json().errors).toEqual({
      email: ['Enter a valid email address.'],
      phone_number: ['Phone number may hold up to 20 digits, spaces and + - ( ).'],
    });
  });

  it('rejects unknown fields, an id or a standard_id included, and lists them in the 400 problem', async () => {
    const standard = await insertStandard(t.database.db);
    const response = await call('POST', '/management/update_students/', {
      ...buildStudent({ standard: standard.id }),
      id: 5,
      standard_id: standard.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/id, standard_id/);
    const count = await t.database.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('standard_id', '=', standard.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('answers 409 naming roll_number for a duplicate roll number in the same standard only', async () => {
    const standard = await insertStandard(t.database.db, { name: unique('6 B ') });
    const other = await insertStandard(t.database.db);
    const first = await call(
      'POST',
      '/management/update_students/',
      buildStudent({ standard: standard.id, roll_number: '7' }),
    );
    expect(first.statusCode).toBe(201);
    const duplicate = await call(
      'POST',
      '/management/update_students/',
      buildStudent({ standard: standard.id, roll_number: ' 7 ' }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.headers['content-type']).toMatch(PROBLEM);
    const message = `Roll number "7" is already taken in standard "${standard.name}".`;
    expect(duplicate.json()).toMatchObject({
      status: 409,
      detail: message,
      errors: { roll_number: [message] },
    });
    const elsewhere = await call(
      'POST',
      '/management/update_students/',
      buildStudent({ standard: other.id, roll_number: '7' }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('adds students posted at once, each answered with its own row, refusing only a taken roll number', async () => {
    const standard = await insertStandard(t.database.db, { name: unique('7 C ') });
    await insertStudent(t.database.db, standard.id, { roll_number: '3' });
    const inputs = ['1', '2', '3', '4', '5', '6'].map((roll_number) =>
      buildStudent({ standard: standard.id, roll_number }),
    );

    const responses = await Promise.all(
      inputs.map((input) => call('POST', '/management/update_students/', input)),
    );

    expect(responses.map((response) => response.statusCode)).toEqual([
      201, 201, 409, 201, 201, 201,
    ]);
    const message = `Roll number "3" is already taken in standard "${standard.name}".`;
    expect(responses[2]?.json()).toMatchObject({
      detail: message,
      errors: { roll_number: [message] },
    });
    const added = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json<{ data: Student }>().data);
    expect(added.map(({ name, email, roll_number }) => ({ name, email, roll_number }))).toEqual(
      inputs
        .filter((input) => input.roll_number !== '3')
        .map(({ name, email, roll_number }) => ({ name, email, roll_number })),
    );
    const listed = await page(`standard=${standard.id}&limit=50`);
    expect(listed.data.map((student) => student.id).sort()).toEqual(
      [
        ...added.map((student) => student.id),
        ...listed.data.filter((s) => s.roll_number === '3').map((s) => s.id),
      ].sort(),
    );
  });

  it('adds one of two students posted at once with the same roll number and answers the other 409', async () => {
    const standard = await insertStandard(t.database.db);
    const inputs = [1, 2].map(() => buildStudent({ standard: standard.id, roll_number: '9' }));

    const responses = await Promise.all(
      inputs.map((input) => call('POST', '/management/update_students/', input)),
    );

    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await page(`standard=${standard.id}`)).data).toHaveLength(1);
  });

  it('answers 400 to a student of a missing standard posted with others, and adds the others', async () => {
    const standard = await insertStandard(t.database.db);
    const inputs = [
      buildStudent({ standard: standard.id }),
      buildStudent({ standard: 999_999 }),
      buildStudent({ standard: standard.id }),
    ];

    const responses = await Promise.all(
      inputs.map((input) => call('POST', '/management/update_students/', input)),
    );

    expect(responses.map((response) => response.statusCode)).toEqual([201, 400, 201]);
    expect(responses[1]?.json()).toMatchObject({
      errors: { standard: ['The chosen standard does not exist.'] },
    });
    expect((await page(`standard=${standard.id}`)).data).toHaveLength(2);
  });

  it('adds the students given to createStudents in one insert, each value in its column and each input answered in order', async () => {
    const standard = await insertStandard(t.database.db);
    // Groups of 3, 2 and 3 again: one compiled insert per count, the second 3 reusing the first's.
    for (const count of [3, 2, 3]) {
      const inputs = Array.from({ length: count }, (_, index) =>
        studentInputSchema.parse(
          buildStudent({
            standard: standard.id,
            phone_number: `+1 (555) 02${count}-000${index}`,
            address: `${index + 1} ${unique()} Road`,
            guardians:
              index % 2 === 0
                ? [{ name: `Parent ${unique()}`, relation: 'Mother', primary: true }]
                : [],
          }),
        ),
      );

      // Statements that gave back student rows; the others lock the standards and write history.
      let studentStatements = 0;
      const counting = t.database.db.withPlugin({
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => {
          const first = result.rows[0];
          if (first && typeof first === 'object' && 'roll_number' in first) studentStatements += 1;
          return result;
        },
      });

      const results = await createStudents(
        counting,
        t.database.dialect,
        inputs.map((values) => ({ values, actorId })),
      );

      const added = results.map((result) => {
        if (result.status === 'rejected') throw result.reason;
        return result.value;
      });
      expect(added).toEqual(inputs.map((input) => expect.objectContaining(input)));
      expect(studentStatements).toBe(1);
      const stored = await Promise.all(
        added.map(async (student) =>
          (await call('GET', `/management/students/${student.id}`)).json(),
        ),
      );
      expect(stored.map((body) => body.data)).toEqual(added);
      const listed = await page(`standard=${standard.id}&limit=100`);
      for (const student of added) {
        expect(listed.data.find(({ id }) => id === student.id)?.guardians).toEqual(
          student.guardians,
        );
      }
    }
  });

  it('lets createStudents refuse only the input whose roll number is taken, with the 409 it would get alone', async () => {
    const standard = await insertStandard(t.database.db, { name: unique('8 D ') });
    await insertStudent(t.database.db, standard.id, { roll_number: '12' });
    const inputs = ['11', '12', '13'].map((roll_number) =>
      studentInputSchema.parse(buildStudent({ standard: standard.id, roll_number })),
    );

    const results = await createStudents(
      t.database.db,
      t.database.dialect,
      inputs.map((values) => ({ values, actorId })),
    );

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({
      reason: {
        status: 409,
        message: `Roll number "12" is already taken in standard "${standard.name}".`,
      },
    });
    expect(
      (await page(`standard=${standard.id}`)).data.map((student) => student.roll_number),
    ).toHaveLength(3);
  });

  it('lets createStudents fail the whole group with the error of a failure that is no refusal, adding nobody alone', async () => {
    const { db } = t.database;
    const standard = await insertStandard(db, { name: unique('8 E ') });
    const failure = 'The disk is on fire.';
    // A failure the insert meets for one row that is not a constraint's refusal.
    if (dialect === 'sqlite') {
      await sql`
        create trigger students_fail before insert on students when new.roll_number = 'FAILS'
        begin select raise(abort, ${sql.lit(failure)}); end`.execute(db);
    } else {
      await sql`
        create function students_fail() returns trigger language plpgsql as $$
        begin raise exception ${sql.lit(failure)}; end $$`.execute(db);
      await sql`
        create trigger students_fail before insert on students for each row
        when (new.roll_number = 'FAILS') execute function students_fail()`.execute(db);
    }
    try {
      const inputs = ['21', 'FAILS'].map((roll_number) =>
        studentInputSchema.parse(buildStudent({ standard: standard.id, roll_number })),
      );
      const group = inputs.map((values) => ({ values, actorId }));
      await expect(createStudents(db, dialect, group)).rejects.toThrow(failure);
      expect((await page(`standard=${standard.id}`)).data).toEqual([]);
    } finally {
      await sql`drop trigger students_fail ${sql.raw(dialect === 'sqlite' ? '' : 'on students')}`.execute(
        db,
      );
      if (dialect === 'postgres') await sql`drop function students_fail()`.execute(db);
    }
  });

  it('answers GET of one student with {data}, 404 for an unknown id and 400 for a malformed id', async () => {
    const standard = await insertStandard(t.database.db);
    const student = await insertStudent(t.database.db, standard.id);
    const found = await call('GET', `/management/students/${student.id}`);
    expect(found.json().data).toMatchObject({ id: student.id, standard: standard.id });
    const missing = await call('GET', '/management/students/987654/');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(PROBLEM);
    expect(missing.json().detail).toBe('Student not found.');
    for (const id of ['abc', '0', '-1', '1.5', '9999999999']) {
      expect((await call('GET', `/management/students/${id}/`)).statusCode, id).toBe(400);
    }
  });

  it('updates the student whose id is in the PUT body, moving it to another standard', async () => {
    const standard = await insertStandard(t.database.db);
    const target = await insertStandard(t.database.db);
    const student = await insertStudent(t.database.db, standard.id);
    const bystander = await insertStudent(t.database.db, standard.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await call('PUT', '/management/update_students/', {
      id: student.id,
      name: 'Renamed Pupil',
      email: 'renamed@pupils.test',
      roll_number: 'X1',
      standard: target.id,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Student }>();
    expect(data).toMatchObject({
      id: student.id,
      name: 'Renamed Pupil',
      roll_number: 'X1',
      standard: target.id,
      phone_number: '',
      address: '',
      created_at: student.created_at,
    });
    expect(data.updated_at > student.updated_at).toBe(true);
    const untouched = await call('GET', `/management/students/${bystander.id}/`);
    expect(untouched.json().data.name).toBe(bystander.name);
  });

  it('answers PUT with 404 for an unknown id, 400 without an id, 400 for a missing standard and 409 for a taken roll number', async () => {
    const standard = await insertStandard(t.database.db);
    const taken = await insertStudent(t.database.db, standard.id, { roll_number: 'T1' });
    const student = await insertStudent(t.database.db, standard.id);
    const body = buildStudent({ standard: standard.id });

    const missing = await call('PUT', '/management/update_students/', { ...body, id: 987654 });
    expect(missing.statusCode).toBe(404);
    const withoutId = await call('PUT', '/management/update_students/', body);
    expect(withoutId.statusCode).toBe(400);
    expect(withoutId.json().errors).toHaveProperty('id');
    const noStandard = await call('PUT', '/management/update_students/', {
      ...body,
      id: student.id,
      standard: 987654,
    });
    expect(noStandard.statusCode).toBe(400);
    expect(noStandard.json().errors).toHaveProperty('standard');
    const clash = await call('PUT', '/management/update_students/', {
      ...body,
      id: student.id,
      roll_number: taken.roll_number,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toHaveProperty('roll_number');
    const stored = await call('GET', `/management/students/${student.id}/`);
    expect(stored.json().data.roll_number).toBe(student.roll_number);
  });

  it('deletes a student by the id in the JSON body or in ?id=, with 204, then 404', async () => {
    const standard = await insertStandard(t.database.db);
    const byBody = await insertStudent(t.database.db, standard.id);
    const byQuery = await insertStudent(t.database.db, standard.id);

    const first = await call('DELETE', '/management/update_students/', { id: byBody.id });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    const second = await call('DELETE', `/management/update_students/?id=${byQuery.id}`);
    expect(second.statusCode).toBe(204);
    const both = await call('DELETE', `/management/update_students?id=${byBody.id}`, {
      id: byBody.id,
    });
    expect(both.statusCode).toBe(404);
    for (const student of [byBody, byQuery]) {
      expect((await call('GET', `/management/students/${student.id}/`)).statusCode).toBe(404);
    }
    expect((await call('GET', `/management/standard/${standard.id}/`)).statusCode).toBe(200);
  });

  it('refuses a DELETE without an id, with two different ids or with a malformed id, with 400', async () => {
    const standard = await insertStandard(t.database.db);
    const student = await insertStudent(t.database.db, standard.id);
    const other = await insertStudent(t.database.db, standard.id);
    const cases: [string, unknown][] = [
      ['/management/update_students/', undefined],
      ['/management/update_students/', {}],
      [`/management/update_students/?id=${other.id}`, { id: student.id }],
      ['/management/update_students/?id=abc', undefined],
      ['/management/update_students/', { id: 'abc' }],
      ['/management/update_students/', { id: student.id, name: 'x' }],
    ];
    for (const [url, payload] of cases) {
      const response = await call('DELETE', url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.headers['content-type']).toMatch(PROBLEM);
      expect(response.json().errors).toBeDefined();
    }
    for (const kept of [student, other]) {
      expect((await call('GET', `/management/students/${kept.id}/`)).statusCode).toBe(200);
    }
  });

  it('lists students by name then id under data with next_cursor', async () => {
    const standard = await insertStandard(t.database.db);
    const [c, a, b, a2] = await insertMany(standard.id, [
      'Chen Li',
      'Aarav Shah',
      'Bela Nagy',
      'Aarav Shah',
    ]);
    const body = await page(`standard=${standard.id}`);
    expect(body.data.map((student) => student.id)).toEqual([a, a2, b, c]);
    expect(body.next_cursor).toBeNull();
    expect(Object.keys(body.data[0]!).sort()).toEqual([
      'address',
      'admission_number',
      'created_at',
      'date_of_birth',
      'email',
      'guardians',
      'id',
      'left_on',
      'name',
      'phone_number',
      'roll_number',
      'standard',
      'status',
      'updated_at',
      'version',
    ]);
  });

  it('walks 250 students in pages of 50 with no duplicate and no gap while rows are inserted and deleted between pages', async () => {
    const standard = await insertStandard(t.database.db);
    const names = Array.from(
      { length: 250 },
      (_, i) => `Paging ${String(i % 125).padStart(3, '0')}`,
    );
    await insertMany(standard.id, names);
    const before = await t.database.db
      .selectFrom('students')
      .select(['id', 'name'])
      .where('deleted_at', 'is', null)
      .execute();
    const inserted = { behind: [] as number[], ahead: [] as number[] };
    const deleted: number[] = [];
    let pages = 0;

    const seen = await walk('limit=50', async (current) => {
      pages += 1;
      expect(current.data.length).toBeLessThanOrEqual(50);
      const last = current.data.at(-1);
      if (!current.next_cursor || !last) return;
      // Rows that sort before the cursor must never show up; rows after it must.
      inserted.behind.push(...(await insertMany(standard.id, ['Aaaa early arrival'])));
      inserted.ahead.push(
        ...(await insertMany(standard.id, [`${last.name}`, 'Zzzz late arrival'])),
      );
      // Deleting the very row the cursor names must not lose the place either.
      await t.database.db.deleteFrom('students').where('id', '=', last.id).execute();
      deleted.push(last.id);
    });

    expect(new Set(seen).size).toBe(seen.length);
    const expected = new Set([...before.map((row) => row.id), ...inserted.ahead]);
    expect(new Set(seen)).toEqual(expected);
    expect(seen.some((id) => inserted.behind.includes(id))).toBe(false);
    expect(deleted.every((id) => seen.includes(id))).toBe(true);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(before.length / 50));
  });

  it('filters by standard and searches name, e-mail and roll number case-insensitively, while paging', async () => {
    const standard = await insertStandard(t.database.db);
    const other = await insertStandard(t.database.db);
    const tag = unique('qz');
    const matches = [
      await insertStudent(t.database.db, standard.id, { name: `Maya ${tag.toUpperCase()}` }),
      await insertStudent(t.database.db, standard.id, { email: `${tag}@pupils.test` }),
      await insertStudent(t.database.db, standard.id, { roll_number: `${tag}`.slice(0, 20) }),
      await insertStudent(t.database.db, standard.id, { name: `Ravi ${tag}` }),
      await insertStudent(t.database.db, standard.id, { name: `Zoe ${tag}` }),
    ];
    await insertStudent(t.database.db, other.id, { name: `Outside ${tag}` });
    await insertStudent(t.database.db, standard.id, { name: 'Not A Match' });

    const ids = await walk(
      `standard=${standard.id}&q=${encodeURIComponent(` ${tag.toUpperCase()} `)}&limit=2`,
    );
    expect(ids.sort()).toEqual(matches.map((student) => student.id).sort());
    const everywhere = await walk(`q=${tag}&limit=200`);
    expect(everywhere).toHaveLength(6);
    const onlyStandard = await walk(`standard=${standard.id}&limit=3`);
    expect(onlyStandard).toHaveLength(6);
    expect((await page(`standard=${standard.id}&q=`)).data).toHaveLength(6);
  });

  it('takes % and _ in the search literally and treats SQL in it as text', async () => {
    const standard = await insertStandard(t.database.db);
    const percent = await insertStudent(t.database.db, standard.id, { name: '100% Attendance' });
    const underscore = await insertStudent(t.database.db, standard.id, { name: 'snake_case kid' });
    const backslash = await insertStudent(t.database.db, standard.id, { name: 'back\\slash' });
    await insertStudent(t.database.db, standard.id, { name: '1000 Attendance' });
    await insertStudent(t.database.db, standard.id, { name: 'snakeXcase kid' });

    const search = async (q: string) =>
      (await page(`standard=${standard.id}&q=${encodeURIComponent(q)}`)).data.map((s) => s.id);
    expect(await search('0%')).toEqual([percent.id]);
    expect(await search('e_c')).toEqual([underscore.id]);
    expect(await search('k\\s')).toEqual([backslash.id]);
    expect(await search("' OR 1=1 --")).toEqual([]);
    expect(await search('%')).toEqual([percent.id]);
  });

  it('refuses a limit over 200 or under 1, a malformed cursor, a bad standard filter and unknown parameters with 400', async () => {
    expect((await call('GET', '/management/students/?limit=200')).statusCode).toBe(200);
    for (const query of [
      'limit=201',
      'limit=0',
      'standard=abc',
      'standard=0',
      'q=' + 'x'.repeat(101),
      'q=%00',
      'cursor=%%%',
      'cursor=bm90IGpzb24',
      `cursor=${encodeCursor(['a', 'b'])}`,
      `cursor=${encodeCursor(['a\u0000', 1])}`,
      `cursor=${encodeCursor([1, 1])}`,
      'page=2',
    ]) {
      const response = await call('GET', `/management/students/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(PROBLEM);
    }
  });

  it('answers a cursor it did not write with a 400 validation problem naming cursor', async () => {
    const response = await call('GET', `/management/students/?cursor=${encodeCursor(['a', 'b'])}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM);
    expect(response.json()).toMatchObject({
      type: 'urn:problem-type:validation-error',
      title: 'Validation failed',
      status: 400,
      detail: fieldTexts.cursorInvalid,
      errors: { cursor: [fieldTexts.cursorInvalid] },
    });
  });

  it('pages through names of 100 non-ASCII characters, whose cursors are the longest', async () => {
    const standard = await insertStandard(t.database.db);
    const long = (char: string) => char.repeat(100);
    const ids = await insertMany(standard.id, [long('ऋ'), long('😀'), long('Ω'), long('ß')]);
    const seen = await walk(`standard=${standard.id}&limit=1`);
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('stores SQL and script payloads verbatim', async () => {
    const standard = await insertStandard(t.database.db);
    const payload = buildStudent({
      standard: standard.id,
      name: "Robert'); DROP TABLE students;--",
      roll_number: '1; DELETE',
      address: '<script>alert(document.cookie)</script> \' " \\ %_ \u2028 ${x}',
    });
    const response = await call('POST', '/management/update_students/', payload);
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: Student }>();
    expect(data).toMatchObject({
      name: payload.name,
      roll_number: payload.roll_number,
      address: payload.address,
    });
    const listed = await page(`standard=${standard.id}&q=${encodeURIComponent("'); DROP")}`);
    expect(listed.data.map((student) => student.address)).toEqual([payload.address]);
  });

  it('refuses the NUL character, which PostgreSQL cannot store, with 400 naming the field', async () => {
    const standard = await insertStandard(t.database.db);
    const response = await call(
      'POST',
      '/management/update_students/',
      buildStudent({ standard: standard.id, name: 'a\u0000b', address: '\u0000' }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['address', 'name']);
  });

  it('documents every students route with bearer security in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    }>();
    const operations = [
      document.paths['/management/students/']?.['get'],
      document.paths['/management/students/{id}/']?.['get'],
      document.paths['/management/update_students/']?.['post'],
      document.paths['/management/update_students/']?.['put'],
      document.paths['/management/update_students/']?.['delete'],
    ];
    for (const operation of operations) {
      expect(operation?.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation?.responses ?? {})).toContain('401');
    }
  });
});
