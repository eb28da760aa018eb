import { beforeAll, describe, expect, it } from 'vitest';
import type { BinList, HistoryList, Standard, Student } from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../test/harness.js';
import { buildStandard, buildStudent, loginAs, unique } from '../test/factories.js';

const PROBLEM = /^application\/problem\+json/;

describe.each(dialects)(
  'the bin searched, and restored under another roll number, on %s',
  (dialect) => {
    const t = useTestApp(dialect);
    let headers: Record<string, string>;
    beforeAll(async () => {
      ({ headers } = await loginAs(t.database.db, t.config.jwtSecret, { name: 'Meera Iyer' }));
    });

    const call = signedInCaller(t, () => headers);

    async function addStandard(overrides = {}): Promise<Standard> {
      const response = await call('POST', '/management/standard/', buildStandard(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: Standard }>().data;
    }

    async function addStudent(standard: number, overrides = {}): Promise<Student> {
      const response = await call(
        'POST',
        '/management/update_students/',
        buildStudent({ standard, ...overrides }),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: Student }>().data;
    }

    async function binned(student: Student) {
      const response = await call('DELETE', '/management/update_students/', { id: student.id });
      expect(response.statusCode, response.body).toBe(204);
    }

    async function bin(query: string): Promise<BinList> {
      const response = await call('GET', `/management/deleted/?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<BinList>();
    }

    const restorePath = (student: Student) => `/management/deleted/student/${student.id}/restore/`;

    it('shows each deleted student with its roll number and standard, so two of one name differ', async () => {
      const name = unique('Aadhya Kaur ');
      const seventh = await addStandard({ name: unique('Grade 7 ') });
      const eighth = await addStandard({ name: unique('Grade 8 ') });
      const one = await addStudent(seventh.id, { name, roll_number: '12' });
      const other = await addStudent(eighth.id, { name, roll_number: '4' });
      await binned(one);
      await binned(other);
      const entries = (await bin('limit=200')).data.filter((entry) => entry.name === name);
      expect(entries).toEqual([
        expect.objectContaining({
          id: other.id,
          roll_number: '4',
          standard: { id: eighth.id, name: eighth.name },
        }),
        expect.objectContaining({
          id: one.id,
          roll_number: '12',
          standard: { id: seventh.id, name: seventh.name },
        }),
      ]);
    });

    it("finds entries by words in any order and case, in the name, a student's roll number or standard", async () => {
      const family = unique('Fernandes');
      const standard = await addStandard({ name: unique('Grade 9 Lotus ') });
      const rohan = await addStudent(standard.id, { name: `Rohan ${family}`, roll_number: 'L-31' });
      const rita = await addStudent(standard.id, { name: `Rita ${family}`, roll_number: 'L-32' });
      await binned(rohan);
      await binned(rita);
      const emptied = await addStandard({ name: `${family} House` });
      expect((await call('DELETE', `/management/standard/${emptied.id}/`)).statusCode).toBe(204);

      const ids = async (q: string) =>
        (await bin(`q=${encodeURIComponent(q)}&limit=200`)).data.map((entry) => entry.id);
      expect(await ids(family)).toEqual([emptied.id, rita.id, rohan.id]);
      expect(await ids(`${family.toUpperCase()} rohan`)).toEqual([rohan.id]);
      expect(await ids(`l-32 ${family}`)).toEqual([rita.id]);
      expect(await ids(`${standard.name.split(' ').at(-1) ?? ''} ${family}`)).toEqual([
        rita.id,
        rohan.id,
      ]);
      expect(await ids(`${family} %`)).toEqual([]);

      const first = await bin(`q=${family}&limit=2`);
      const rest = await bin(`q=${family}&limit=2&cursor=${first.next_cursor ?? ''}`);
      expect([...first.data, ...rest.data].map((entry) => entry.id)).toEqual([
        emptied.id,
        rita.id,
        rohan.id,
      ]);
      expect(rest.next_cursor).toBeNull();
      expect((await call('GET', `/management/deleted/?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    });

    it('restores a student whose roll number was taken under another one, and its history shows it', async () => {
      const standard = await addStandard();
      const first = await addStudent(standard.id, { roll_number: '7' });
      await binned(first);
      await addStudent(standard.id, { roll_number: '7' });

      const refused = await call('POST', restorePath(first), { roll_number: '7' });
      expect(refused.statusCode).toBe(409);
      expect(refused.headers['content-type']).toMatch(PROBLEM);
      expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['roll_number']);

      const restored = await call('POST', restorePath(first), { roll_number: ' 7A ' });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json<{ data: Student }>().data).toMatchObject({
        id: first.id,
        roll_number: '7A',
        name: first.name,
        version: first.version + 2,
      });
      const events = (
        await call('GET', `/management/students/${first.id}/history/`)
      ).json<HistoryList>();
      expect(events.data[0]).toMatchObject({
        action: 'restore',
        changes: { roll_number: { from: null, to: '7A' } },
      });
    });

    it('refuses a new roll number that breaks its rules, and unknown fields, with 400 naming them', async () => {
      const standard = await addStandard();
      const student = await addStudent(standard.id);
      await binned(student);
      for (const [payload, field] of [
        [{ roll_number: '   ' }, 'roll_number'],
        [{ roll_number: 'x'.repeat(21) }, 'roll_number'],
        [{ roll_number: 'a\nb' }, 'roll_number'],
        [{ roll_number: 7 }, 'roll_number'],
        [{ name: 'Other' }, 'name'],
      ] as const) {
        const response = await call('POST', restorePath(student), payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json<{ errors: object }>().errors).toHaveProperty(field);
      }
      expect((await bin('limit=200')).data.map((entry) => entry.id)).toContain(student.id);
    });

    it('lets one of two students restored at once under the same new roll number have it; the other is a 409', async () => {
      const standard = await addStandard();
      const one = await addStudent(standard.id);
      const two = await addStudent(standard.id);
      await binned(one);
      await binned(two);
      const answers = await Promise.all(
        [one, two].map((student) => call('POST', restorePath(student), { roll_number: '99' })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });
  },
);
