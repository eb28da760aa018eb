import { beforeAll, describe, expect, it } from 'vitest';
import type { Student, StudentSort } from '@um/contract';
import { nowIso } from '../../db/time.js';
import { encodeCursor } from '../../db/paging.js';
import { dialects, useTestApp } from '../../test/harness.js';
import { insertStandard, loginAs, unique } from '../../test/factories.js';

const PROBLEM = /^application\/problem\+json/;
type StudentPage = { data: Student[]; next_cursor: string | null };
type Seeded = Pick<Student, 'id' | 'name' | 'email' | 'roll_number'>;

/** Names and roll numbers whose order is the same under every collation: letters, digits, one case. */
const NAMES = ['Meera', 'Aarav', 'Zoya', 'Kabir', 'Aarav', 'Diya', 'Meera', 'Ishaan', 'Aarav'];

/** A key order for the sort, ties by id in the same direction, as the API promises. */
function expectedOrder(students: Seeded[], sort: StudentSort): number[] {
  const column = sort.replace('-', '') as 'name' | 'roll_number';
  const sign = sort.startsWith('-') ? -1 : 1;
  return [...students]
    .sort((a, b) => {
      const byKey = a[column] < b[column] ? -1 : a[column] > b[column] ? 1 : 0;
      return sign * (byKey || a.id - b.id);
    })
    .map((student) => student.id);
}

const SORTS: StudentSort[] = ['name', 'roll_number', '-name', '-roll_number'];

describe.each(dialects)('the students list of a class on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret));
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

  async function page(query: string): Promise<StudentPage> {
    const response = await get(`/management/students/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StudentPage>();
  }

  /** Every student the list yields for `query`, following next_cursor to the end. */
  async function walk(query: string) {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const current = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...current.data.map((student) => student.id));
      cursor = current.next_cursor;
    } while (cursor);
    return ids;
  }

  async function count(query: string): Promise<number> {
    const response = await get(`/management/students/count/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: { count: number } }>();
    expect(Object.keys(body)).toEqual(['data']);
    return body.data.count;
  }

  async function insert(
    standardId: number,
    rows: { name: string; roll_number: string; email?: string }[],
  ): Promise<Seeded[]> {
    const now = nowIso();
    return t.database.db
      .insertInto('students')
      .values(
        rows.map((row) => ({
          name: row.name,
          email: row.email ?? `${unique('p')}@pupils.test`,
          roll_number: row.roll_number,
          standard_id: standardId,
          phone_number: '',
          address: '',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'name', 'email', 'roll_number'])
      .execute();
  }

  /** A class whose roll numbers do not follow its names, with names shared for ties. */
  async function seedClass(size: number, tag = '') {
    const standard = await insertStandard(t.database.db);
    const rolls = Array.from({ length: size }, (_, i) => `9C-${String(i + 1).padStart(3, '0')}`);
    // Roll numbers handed out out of order, so that id order is neither name nor roll order.
    const shuffled = rolls.map((_, i) => rolls[(i * 7) % size]!);
    const students = await insert(
      standard.id,
      shuffled.map((roll_number, i) => ({
        name: `${NAMES[i % NAMES.length]!}${tag}`,
        roll_number,
      })),
    );
    return { standard, students };
  }

  it.each(SORTS)(
    'sorts a class by %s, ties by id, and pages it with no duplicate and no gap',
    async (sort) => {
      const { standard, students } = await seedClass(30);
      const expected = expectedOrder(students, sort);
      expect(await walk(`standard=${standard.id}&sort=${sort}&limit=7`)).toEqual(expected);
      expect(await walk(`standard=${standard.id}&sort=${sort}&limit=200`)).toEqual(expected);
    },
  );

  it('sorts across standards by roll number, a roll number shared by two classes going by id', async () => {
    const tag = unique('Xq').replace(/[^A-Za-z0-9]/g, '');
    const first = await seedClass(12, tag);
    const second = await seedClass(12, tag);
    const everyone = [...first.students, ...second.students];
    for (const sort of SORTS) {
      const expected = expectedOrder(everyone, sort);
      expect(await walk(`q=${tag}&sort=${sort}&limit=5`), sort).toEqual(expected);
    }
  });

  it('answers a first page by roll number with the lowest roll numbers of the whole list', async () => {
    const { standard, students } = await seedClass(100);
    const first = await page(`standard=${standard.id}&sort=roll_number&limit=25`);
    expect(first.data.map((student) => student.roll_number)).toEqual(
      students
        .map((student) => student.roll_number)
        .sort()
        .slice(0, 25),
    );
    expect(first.next_cursor).not.toBeNull();
  });

  it('keeps a search in the chosen order and pages it, for words of any length', async () => {
    const { standard, students } = await seedClass(40);
    for (const q of ['aarav', 'Aa', 'ee']) {
      const matching = students.filter((student) =>
        [student.name, student.email, student.roll_number].some((text) =>
          text.toLowerCase().includes(q.toLowerCase()),
        ),
      );
      expect(matching.length, q).toBeGreaterThan(3);
      for (const sort of SORTS) {
        expect(
          await walk(`standard=${standard.id}&q=${q}&sort=${sort}&limit=3`),
          `${q} by ${sort}`,
        ).toEqual(expectedOrder(matching, sort));
      }
    }
  });

  it('finds a student by every word of a search, in any order, each in the name, e-mail or roll number', async () => {
    const standard = await insertStandard(t.database.db);
    const tag = unique('w').replace(/[^a-z0-9]/gi, '');
    const [aarav, other, byMail] = await insert(standard.id, [
      { name: `Aarav Patel ${tag}`, roll_number: '9C-040' },
      { name: `Aarav Shah ${tag}`, roll_number: '9C-041' },
      { name: `Diya Rao ${tag}`, roll_number: '9C-042', email: `diya.${tag}@home.test` },
    ]);
    const search = async (q: string, extra = '') =>
      (await page(`standard=${standard.id}&q=${encodeURIComponent(q)}${extra}`)).data.map(
        (student) => student.id,
      );

    expect(await search('Patel Aarav')).toEqual([aarav!.id]);
    expect(await search('  patel   AARAV ')).toEqual([aarav!.id]);
    expect(await search('aarav 9C-04')).toEqual([aarav!.id, other!.id]);
    expect(await search('041 Aarav')).toEqual([other!.id]);
    expect(await search(`home.test ${tag} rao`)).toEqual([byMail!.id]);
    expect(await search('Patel Diya')).toEqual([]);
    expect(await search('Aarav Aarav Patel')).toEqual([aarav!.id]);
    // Short words alone, and short words beside a long one.
    expect(await search('pa aa')).toEqual([aarav!.id]);
    expect(await search('9c iy')).toEqual([byMail!.id]);
    expect(await search('Patel Aarav', '&sort=-roll_number')).toEqual([aarav!.id]);
    expect(await search('9C-04 aarav', '&sort=-roll_number')).toEqual([other!.id, aarav!.id]);
    // The whole list, not only one standard, finds them the same way.
    const everywhere = await page(`q=${encodeURIComponent(`${tag} Patel`)}`);
    expect(everywhere.data.map((student) => student.id)).toEqual([aarav!.id]);
  });

  it('counts the live students with and without a standard and a search, as the list holds them', async () => {
    const tag = unique('Cq').replace(/[^A-Za-z0-9]/g, '');
    const { standard, students } = await seedClass(27, tag);
    const other = await seedClass(5, tag);
    await t.database.db
      .updateTable('students')
      .set({ deleted_at: nowIso() })
      .where('id', '=', students[0]!.id)
      .execute();

    expect(await count(`standard=${standard.id}`)).toBe(26);
    expect(await count(`standard=${other.standard.id}`)).toBe(5);
    expect(await count(`q=${tag}`)).toBe(31);
    expect(await count(`q=${encodeURIComponent(`aarav ${tag}`)}`)).toBe(
      (await walk(`q=${encodeURIComponent(`aarav ${tag}`)}&limit=200`)).length,
    );
    expect(await count(`standard=${standard.id}&q=${encodeURIComponent(` ${tag} MEERA`)}`)).toBe(
      (await walk(`standard=${standard.id}&q=${encodeURIComponent(`meera ${tag}`)}&limit=200`))
        .length,
    );
    expect(await count(`standard=${standard.id}&q=ee`)).toBe(
      (await walk(`standard=${standard.id}&q=ee&limit=200`)).length,
    );
    expect(await count(`standard=${standard.id}&q=nobody${tag}`)).toBe(0);
    const live = await t.database.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await count('')).toBe(Number(live.n));
    expect(await count('q=')).toBe(Number(live.n));
  });

  it('refuses an unknown sort, a cursor of another order and list parameters on the count, with 400', async () => {
    const { standard } = await seedClass(4);
    const byName = await page(`standard=${standard.id}&limit=2`);
    const byRoll = await page(`standard=${standard.id}&sort=roll_number&limit=2`);
    const refused = [
      '/management/students/?sort=email',
      '/management/students/?sort=name,roll_number',
      '/management/students/?sort=+name',
      `/management/students/?sort=roll_number&cursor=${byName.next_cursor!}`,
      `/management/students/?sort=-roll_number&cursor=${byRoll.next_cursor!}`,
      `/management/students/?cursor=${byRoll.next_cursor!}`,
      `/management/students/?sort=roll_number&cursor=${encodeCursor(['roll_number', 1, 1])}`,
      '/management/students/count/?limit=5',
      '/management/students/count/?sort=name',
      '/management/students/count/?standard=abc',
      `/management/students/count/?q=${'x'.repeat(101)}`,
    ];
    for (const url of refused) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toMatch(PROBLEM);
    }
    expect(
      (await get(`/management/students/?sort=roll_number&cursor=${byRoll.next_cursor!}`))
        .statusCode,
    ).toBe(200);
  });

  it('answers the count only to a signed-in caller, with or without the trailing slash, and documents it', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/management/students/count/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(PROBLEM);
    expect((await get('/management/students/count')).statusCode).toBe(200);

    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { security?: unknown; responses: object; parameters?: { name: string }[] }>
      >;
    }>();
    const operation = document.paths['/management/students/count/']?.['get'];
    expect(operation?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401']),
    );
    expect(operation?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
      'q',
      'standard',
      'status',
    ]);
    const list = document.paths['/management/students/']?.['get'];
    expect(list?.parameters?.map((parameter) => parameter.name)).toContain('sort');
  });
});
