import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, signedInCaller, useTestApp } from '../test/harness.js';
import { loginAs } from '../test/factories.js';
import { buildSampleSchool, type SampleSchool } from '../test/oneroster.js';
import { rosterReader, type Roster } from './roster.js';

const SETTINGS = { appUrl: 'https://um.school.test', schoolName: 'Hillside School' };

const userNamed = (roster: Roster, givenName: string) =>
  roster.users.find((entry) => entry.record.givenName === givenName)?.record;

describe.each(dialects)('the roster a page at a time, on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  let school: SampleSchool;
  const call = signedInCaller(t, () => headers);

  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret, { role: 'admin' }));
    school = await buildSampleSchool(t.database.db, call);
  });

  async function editStudent(id: number, change: (fields: Record<string, unknown>) => object) {
    const student = (await call('GET', `/management/students/${id}/`)).json().data;
    const { created_at: _created, updated_at: _updated, ...fields } = student;
    const saved = await call('PUT', '/management/update_students/', change(fields));
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('makes the roster once while the tables it is made from stay as they were', async () => {
    const read = rosterReader(SETTINGS);
    const first = await read(t.database.db);
    expect(await read(t.database.db)).toBe(first);
    expect(first.users.length).toBeGreaterThan(0);
  });

  it("makes it again after any change it is made from: a student's name, a guardian's phone, a standard's teachers, a deletion", async () => {
    const read = rosterReader(SETTINGS);
    let last = await read(t.database.db);
    const changed = async () => {
      const next = await read(t.database.db);
      expect(next).not.toBe(last);
      last = next;
      return next;
    };

    await editStudent(school.students.asha.id, (fields) => ({ ...fields, name: 'Asha Menon' }));
    expect(userNamed(await changed(), 'Asha')?.familyName).toBe('Menon');

    await editStudent(school.students.chen.id, (fields) => ({
      ...fields,
      guardians: [
        {
          name: 'Li Wu',
          relation: 'Grandmother',
          phone: '+91 98450 22222',
          email: '',
          primary: true,
        },
      ],
    }));
    expect(userNamed(await changed(), 'Li')?.phone).toBe('+91 98450 22222');

    const roses = (await call('GET', `/management/standard/${school.standards.roses}/`)).json()
      .data;
    const reassigned = await call('PUT', `/management/standard/${roses.id}/`, {
      name: roses.name,
      grade_level: roses.grade_level,
      academic_year: roses.academic_year,
      teacher_ids: [school.teachers.omar],
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    const teachersOf = (roster: Roster, givenName: string) =>
      roster.enrollments.filter(
        (entry) =>
          entry.record.role === 'teacher' &&
          entry.record.user.sourcedId === userNamed(roster, givenName)?.sourcedId,
      ).length;
    const afterReassigning = await changed();
    expect(teachersOf(afterReassigning, 'Omar')).toBe(2);
    expect(teachersOf(afterReassigning, 'Priya')).toBe(1);

    const deleted = await call(
      'DELETE',
      `/management/update_students/?id=${school.students.ben.id}`,
    );
    expect(deleted.statusCode).toBe(204);
    expect(userNamed(await changed(), 'Ben')).toBeUndefined();
    expect(await read(t.database.db)).toBe(last);
  });

  it('lets a roster go once no request has read it for a while', async () => {
    const read = rosterReader(SETTINGS, 20);
    const first = await read(t.database.db);
    expect(await read(t.database.db)).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const later = await read(t.database.db);
    expect(later).not.toBe(first);
    expect(later.users).toEqual(first.users);
  });
});
