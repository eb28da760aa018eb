import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldTexts, type HistoryEvent, type Student } from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../../test/harness.js';
import { buildStudent, insertStandard, loginAs, unique } from '../../test/factories.js';

type StudentPage = { data: Student[]; next_cursor: string | null };

const mother = {
  name: 'Meera Rao',
  relation: 'Mother',
  phone: '+91 98450-12345',
  email: 'meera@home.test',
  primary: true,
};
const father = { name: 'Vikram Rao', relation: 'Father', phone: '', email: '', primary: false };

describe.each(dialects)('the student record on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret));
  });

  const call = signedInCaller(t, () => headers);

  async function create(standard: number, fields: Record<string, unknown> = {}) {
    const response = await call('POST', '/management/update_students/', {
      ...buildStudent({ standard }),
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Student }>().data;
  }

  async function list(query: string): Promise<StudentPage> {
    const response = await call('GET', `/management/students/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StudentPage>();
  }

  async function walk(query: string): Promise<Student[]> {
    const all: Student[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return all;
  }

  async function count(query: string): Promise<number> {
    const response = await call('GET', `/management/students/count/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { count: number } }>().data.count;
  }

  it('refuses format characters, invisible names and implausible dates, naming the field, and stores nothing', async () => {
    const standard = await insertStandard(t.database.db);
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'Asha\u202Etxt.exe' }, 'name', fieldTexts.nameFormatCharacter],
      [{ name: '\u3164\u3164' }, 'name', fieldTexts.nameNothingVisible],
      [
        { admission_number: 'A\u200B1' },
        'admission_number',
        fieldTexts.admissionNumberFormatCharacter,
      ],
      [
        { guardians: [{ ...mother, name: 'Meera\u2066Rao' }] },
        'guardians',
        fieldTexts.guardianFormatCharacter,
      ],
      [{ date_of_birth: '0000-01-01' }, 'date_of_birth', fieldTexts.dateOfBirthTooEarly],
      [{ date_of_birth: '1800-01-01' }, 'date_of_birth', fieldTexts.dateOfBirthTooEarly],
      [{ status: 'left', left_on: '2999-12-31' }, 'left_on', fieldTexts.leftOnTooLate],
      [
        { status: 'left', left_on: '2011-01-01', date_of_birth: '2012-01-01' },
        'left_on',
        fieldTexts.leftOnBeforeBirth,
      ],
    ];
    for (const [fields, field, message] of refusals) {
      const roll = unique('R').slice(0, 20);
      const response = await call('POST', '/management/update_students/', {
        ...buildStudent({ standard: standard.id }),
        roll_number: roll,
        ...fields,
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      const named = Object.entries(errors).filter(([key]) => key.split('.')[0] === field);
      expect(
        named.flatMap(([, messages]) => messages),
        JSON.stringify(fields),
      ).toContain(message);
      const stored = await t.database.db
        .selectFrom('students')
        .select('id')
        .where('roll_number', '=', roll)
        .execute();
      expect(stored).toEqual([]);
    }
  });

  it('keeps admission number, birth date and guardians, without an e-mail, and shows them in the list', async () => {
    const standard = await insertStandard(t.database.db);
    const admission = unique('ADM').slice(0, 32);
    const student = await create(standard.id, {
      email: '',
      admission_number: ` ${admission} `,
      date_of_birth: '2015-02-28',
      guardians: [mother, father],
    });
    expect(student).toMatchObject({
      email: '',
      admission_number: admission,
      date_of_birth: '2015-02-28',
      status: 'active',
      left_on: null,
      guardians: [mother, father],
    });
    const read = await call('GET', `/management/students/${student.id}/`);
    expect(read.json()).toEqual({ data: student });
    const page = await list(`standard=${standard.id}`);
    expect(page.data).toEqual([student]);
  });

  it('refuses a birth date in the future or not a date, a leaving date out of place, five guardians and no single primary', async () => {
    const standard = await insertStandard(t.database.db);
    const refused = async (fields: Record<string, unknown>, field: string, message: string) => {
      const response = await call('POST', '/management/update_students/', {
        ...buildStudent({ standard: standard.id }),
        ...fields,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[field]).toEqual([message]);
    };
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    await refused({ date_of_birth: nextYear }, 'date_of_birth', fieldTexts.dateOfBirthInFuture);
    await refused({ date_of_birth: '2015-02-30' }, 'date_of_birth', fieldTexts.dateInvalid);
    await refused({ date_of_birth: '28/02/2015' }, 'date_of_birth', fieldTexts.dateInvalid);
    await refused({ status: 'left' }, 'left_on', fieldTexts.leftOnRequired);
    await refused({ left_on: '2026-06-30' }, 'left_on', fieldTexts.leftOnOnlyWhenGone);
    await refused({ status: 'expelled' }, 'status', fieldTexts.statusInvalid);
    await refused(
      { guardians: [mother, father, father, father, father] },
      'guardians',
      fieldTexts.guardiansTooMany,
    );
    await refused(
      { guardians: [mother, { ...father, primary: true }] },
      'guardians',
      fieldTexts.guardiansOnePrimary,
    );
    await refused({ guardians: [father] }, 'guardians', fieldTexts.guardiansOnePrimary);
  });

  it('gives an admission number to one live student only, also when two saves race, and frees it from the bin', async () => {
    const standard = await insertStandard(t.database.db);
    const admission = unique('A').slice(0, 32);
    const attempts = await Promise.all(
      [0, 1, 2].map(() =>
        call('POST', '/management/update_students/', {
          ...buildStudent({ standard: standard.id }),
          admission_number: admission,
        }),
      ),
    );
    const codes = attempts.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const taken = attempts.find((response) => response.statusCode === 409)!;
    expect(taken.json().errors.admission_number).toEqual([
      `Admission number "${admission}" is already taken by another student.`,
    ]);
    const winner = attempts
      .find((response) => response.statusCode === 201)!
      .json<{
        data: Student;
      }>().data;
    const deleted = await call('DELETE', `/management/update_students/?id=${winner.id}`);
    expect(deleted.statusCode).toBe(204);
    await create(standard.id, { admission_number: admission });
    // Students without one do not clash.
    await create(standard.id, { admission_number: '' });
    await create(standard.id, { admission_number: '' });
  });

  it('lists, counts and frees the roll number of active students only, unless the status filter asks for others', async () => {
    const standard = await insertStandard(t.database.db);
    const staying = await create(standard.id, { roll_number: '1' });
    const leaving = await create(standard.id, { roll_number: '2', guardians: [mother] });
    const put = await call('PUT', '/management/update_students/', {
      ...buildStudent({ standard: standard.id }),
      name: leaving.name,
      email: leaving.email,
      roll_number: '2',
      id: leaving.id,
      version: leaving.version,
      status: 'left',
      left_on: '2026-06-30',
      guardians: [mother],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ status: 'left', left_on: '2026-06-30' });

    const ids = async (query: string) =>
      (await walk(`standard=${standard.id}&${query}`)).map((student) => student.id);
    expect(await ids('')).toEqual([staying.id]);
    expect(await ids('status=active')).toEqual([staying.id]);
    expect(await ids('status=left')).toEqual([leaving.id]);
    expect(await ids('status=graduated')).toEqual([]);
    expect((await ids('status=all&sort=roll_number')).sort()).toEqual(
      [staying.id, leaving.id].sort(),
    );
    expect(await count(`standard=${standard.id}`)).toBe(1);
    expect(await count(`standard=${standard.id}&status=all`)).toBe(2);
    expect((await call('GET', '/management/students/?status=gone')).statusCode).toBe(400);

    const standards = await call('GET', `/management/standard/${standard.id}/`);
    expect(standards.json().data.student_count).toBe(1);

    // The roll number of a student who left is free for a new one; the leaver cannot come back
    // to it while it is taken.
    const newcomer = await create(standard.id, { roll_number: '2' });
    const back = await call('PUT', '/management/update_students/', {
      ...buildStudent({ standard: standard.id }),
      roll_number: '2',
      id: leaving.id,
      status: 'active',
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().errors.roll_number).toBeDefined();

    // A standard whose students all left can go to the bin.
    for (const student of [staying, newcomer]) {
      const gone = await call('PUT', '/management/update_students/', {
        ...buildStudent({ standard: standard.id }),
        roll_number: student.roll_number,
        id: student.id,
        status: 'graduated',
        left_on: '2026-06-30',
      });
      expect(gone.statusCode, gone.body).toBe(200);
    }
    const binned = await call('DELETE', `/management/standard/${standard.id}/`);
    expect(binned.statusCode, binned.body).toBe(204);
  });

  it('replaces the guardians on a save, in the list and the student alike, and shows the change in the history like any field', async () => {
    const standard = await insertStandard(t.database.db);
    const student = await create(standard.id, { guardians: [mother] });
    const put = await call('PUT', '/management/update_students/', {
      ...buildStudent({ standard: standard.id }),
      name: student.name,
      email: student.email,
      roll_number: student.roll_number,
      phone_number: student.phone_number,
      address: student.address,
      id: student.id,
      guardians: [
        { ...father, primary: true },
        { ...mother, primary: false },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const replaced = [
      { ...father, primary: true },
      { ...mother, primary: false },
    ];
    expect(put.json().data.guardians).toEqual(replaced);
    const read = await call('GET', `/management/students/${student.id}/`);
    expect(read.json().data.guardians).toEqual(replaced);
    expect((await list(`standard=${standard.id}`)).data[0]?.guardians).toEqual(replaced);
    const history = await call('GET', `/management/students/${student.id}/history/`);
    const [latest, created] = history.json<{ data: HistoryEvent[] }>().data;
    expect(latest?.changes).toEqual({
      guardians: {
        from: 'Meera Rao (Mother) +91 98450-12345 meera@home.test - primary',
        to: 'Vikram Rao (Father) - primary; Meera Rao (Mother) +91 98450-12345 meera@home.test',
      },
    });
    expect(created?.changes['guardians']).toEqual({
      from: null,
      to: 'Meera Rao (Mother) +91 98450-12345 meera@home.test - primary',
    });
    // A save that leaves the guardians as they were does not mention them.
    const again = await call('PUT', '/management/update_students/', {
      ...buildStudent({ standard: standard.id }),
      roll_number: student.roll_number,
      id: student.id,
      guardians: put.json().data.guardians,
    });
    expect(again.statusCode).toBe(200);
    const after = await call('GET', `/management/students/${student.id}/history/`);
    expect(Object.keys(after.json<{ data: HistoryEvent[] }>().data[0]!.changes)).not.toContain(
      'guardians',
    );
  });

  it('keeps the list, the student and its guardians in agreement when two saves of different guardians race', async () => {
    const standard = await insertStandard(t.database.db);
    const student = await create(standard.id, { guardians: [mother] });
    const save = (guardians: unknown[]) =>
      call('PUT', '/management/update_students/', {
        ...buildStudent({ standard: standard.id }),
        name: student.name,
        roll_number: student.roll_number,
        id: student.id,
        guardians,
      });
    const [first, second] = await Promise.all([
      save([{ ...father, primary: true }]),
      save([
        { ...mother, primary: false },
        { ...father, name: 'Anil Rao', primary: true },
      ]),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);

    const read = (await call('GET', `/management/students/${student.id}/`)).json().data;
    const listed = (await list(`standard=${standard.id}`)).data[0];
    const kept = await t.database.db
      .selectFrom('student_guardians')
      .select('name')
      .where('student_id', '=', student.id)
      .orderBy('position')
      .execute();
    expect([first.json().data.guardians, second.json().data.guardians]).toContainEqual(
      read.guardians,
    );
    expect(listed?.guardians).toEqual(read.guardians);
    expect(kept.map(({ name }) => name)).toEqual(
      read.guardians.map(({ name }: { name: string }) => name),
    );
    expect(read.version).toBe(student.version + 2);
  });

  it('orders roll numbers naturally, 9C-2 before 9C-10, across pages in both directions', async () => {
    const standard = await insertStandard(t.database.db);
    const rolls = ['9C-10', '9c-2', '9C-1', '10A-1', '9C-02b', '9C-11', '9B-100', '9C-3', 'A'];
    const tag = unique('natural').toLowerCase();
    for (const roll_number of rolls) {
      await create(standard.id, { roll_number, name: `Pupil ${tag} ${roll_number}` });
    }
    const natural = ['9B-100', '9C-1', '9c-2', '9C-02b', '9C-3', '9C-10', '9C-11', '10A-1', 'A'];
    const order = async (query: string) =>
      (await walk(`standard=${standard.id}&limit=2&${query}`)).map(
        (student) => student.roll_number,
      );
    expect(await order('sort=roll_number')).toEqual(natural);
    expect(await order('sort=-roll_number')).toEqual([...natural].reverse());
    // Over all standards too, here narrowed to these students by a search.
    expect(
      (await walk(`q=${tag}&sort=roll_number&limit=3`)).map((student) => student.roll_number),
    ).toEqual(natural);
  });

  it('finds students by admission number, guardian name and the digits of their or a guardian phone', async () => {
    const standard = await insertStandard(t.database.db);
    const tag = unique('g').toLowerCase();
    const byGuardian = await create(standard.id, {
      admission_number: `ADM-${tag}`.slice(0, 32),
      phone_number: '',
      guardians: [{ ...mother, name: `Meera ${tag}`, phone: '+91 (98450) 77-1234' }],
    });
    const byOwnPhone = await create(standard.id, { phone_number: '080 4455 6677' });
    await create(standard.id, { phone_number: '' });
    const found = async (q: string) =>
      (await walk(`standard=${standard.id}&q=${encodeURIComponent(q)}`)).map((s) => s.id);
    expect(await found(`adm-${tag}`.slice(0, 32))).toEqual([byGuardian.id]);
    expect(await found(tag.toUpperCase())).toEqual([byGuardian.id]);
    expect(await found('meera')).toEqual([byGuardian.id]);
    expect(await found('98450-771234')).toEqual([byGuardian.id]);
    expect(await found('(98450) 77-1234')).toEqual([byGuardian.id]);
    expect(await found('4455-6677')).toEqual([byOwnPhone.id]);
    expect(await found('44556677')).toEqual([byOwnPhone.id]);
    expect(await count(`standard=${standard.id}&q=44556677`)).toBe(1);
    expect(await found('zzzz9999')).toEqual([]);
  });

  it('finds a number of fewer than four digits in names, roll and admission numbers, never inside a phone', async () => {
    const standard = await insertStandard(t.database.db);
    // Texts without other digits, so that only the ones written here can match.
    const letters = () => randomUUID().replace(/[^a-f]/g, '');
    const pupil = (name: string, fields: Record<string, unknown>) =>
      create(standard.id, { name, email: '', admission_number: '', phone_number: '', ...fields });
    const byPhones = await pupil('Asha', {
      roll_number: 'R-a',
      phone_number: '080 4455 6677',
      guardians: [{ ...mother, name: 'Meera', phone: '+91 98450 12345' }],
    });
    const byRoll = await pupil('Bela', { roll_number: '445' });
    const byAdmission = await pupil('Chitra', {
      roll_number: 'R-b',
      admission_number: `ADM-123-${letters()}`,
    });
    const byName = await pupil('Devi 98', { roll_number: 'R-c' });
    const found = async (q: string) =>
      (await walk(`standard=${standard.id}&q=${encodeURIComponent(q)}`))
        .map((s) => s.id)
        .sort((a, b) => a - b);
    expect(await found('445')).toEqual([byRoll.id]);
    expect(await found('123')).toEqual([byAdmission.id]);
    expect(await found('98')).toEqual([byName.id]);
    expect(await found('66')).toEqual([]);
    expect(await count(`standard=${standard.id}&q=445`)).toBe(1);
    expect(await found('4455')).toEqual([byPhones.id]);
    expect(await found('12345')).toEqual([byPhones.id]);
    expect(await found('devi 98')).toEqual([byName.id]);
    expect(await found('asha 98')).toEqual([]);
  });
});
