import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { BinList, HistoryList, Standard, Student } from '@um/contract';
import { freezeClock } from '../test/auth-helpers.js';
import { dialects, useTestApp } from '../test/harness.js';
import { buildStandard, buildStudent, loginAs, unique } from '../test/factories.js';

const PROBLEM = /^application\/problem\+json/;

describe.each(dialects)('history, the bin and edit conflicts on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  let other: Record<string, string>;
  let me: { id: number; name: string };
  let colleague: { id: number; name: string };
  beforeAll(async () => {
    const first = await loginAs(t.database.db, t.config.jwtSecret, { name: 'Meera Iyer' });
    const second = await loginAs(t.database.db, t.config.jwtSecret, { name: 'Tom Okafor' });
    ({ headers } = first);
    other = second.headers;
    me = { id: first.user.id, name: 'Meera Iyer' };
    colleague = { id: second.user.id, name: 'Tom Okafor' };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const call = (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    as: Record<string, string> = headers,
  ) =>
    t.app.inject({
      method,
      url,
      headers: as,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });

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

  async function history(path: string): Promise<HistoryList> {
    const response = await call('GET', path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HistoryList>();
  }

  const editable = ({ id, version, created_at, updated_at, ...values }: Student) => {
    void created_at;
    void updated_at;
    return { id, version, ...values };
  };

  it('gives back the same student with its id after a delete and a restore, and its history shows create, delete, restore with the actor', async () => {
    const standard = await addStandard();
    const student = await addStudent(standard.id, { name: 'Asha Rao' });

    const deleted = await call('DELETE', '/management/update_students/', { id: student.id });
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/management/students/${student.id}/`)).statusCode).toBe(404);
    const list = await call('GET', `/management/students/?standard=${standard.id}`);
    expect(list.json<{ data: Student[] }>().data).toEqual([]);

    const restored = await call(
      'POST',
      `/management/deleted/student/${student.id}/restore/`,
      undefined,
      other,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    const back = restored.json<{ data: Student }>().data;
    expect(back).toEqual({ ...student, version: student.version + 2 });
    const stored = await call('GET', `/management/students/${student.id}/`);
    expect(stored.json<{ data: Student }>().data).toEqual(back);

    const events = await history(`/management/students/${student.id}/history/`);
    expect(events.data.map((event) => [event.action, event.actor])).toEqual([
      ['restore', colleague],
      ['delete', me],
      ['create', me],
    ]);
    expect(events.data[2]?.changes['name']).toEqual({ from: null, to: 'Asha Rao' });
    expect(events.data[1]?.changes['name']).toEqual({ from: 'Asha Rao', to: null });
    expect(events.data[0]?.changes['standard']).toEqual({ from: null, to: standard.id });
    expect(events.next_cursor).toBeNull();
  });

  it('gives back the same standard with its id after a delete and a restore, with create, delete, restore in its history', async () => {
    const standard = await addStandard();
    expect((await call('DELETE', `/management/standard/${standard.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/management/standard/${standard.id}/`)).statusCode).toBe(404);
    const list = await call('GET', '/management/standard/?limit=200');
    expect(list.json<{ data: Standard[] }>().data.map((row) => row.id)).not.toContain(standard.id);

    const restored = await call('POST', `/management/deleted/standard/${standard.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<{ data: Standard }>().data).toEqual({
      ...standard,
      version: standard.version + 2,
    });
    const events = await history(`/management/standard/${standard.id}/history`);
    expect(events.data.map((event) => event.action)).toEqual(['restore', 'delete', 'create']);
    expect(events.data.every((event) => event.actor.name === me.name)).toBe(true);
  });

  it('records each changed field of an update, old and new, and nothing for the fields kept', async () => {
    const standard = await addStandard();
    const student = await addStudent(standard.id, { name: 'Bela Nagy', address: 'Old Road' });
    const saved = await call('PUT', '/management/update_students/', {
      ...editable(student),
      name: 'Bela Nagy-Kiss',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const [update] = (await history(`/management/students/${student.id}/history/`)).data;
    expect(update).toMatchObject({
      action: 'update',
      actor: me,
      changes: { name: { from: 'Bela Nagy', to: 'Bela Nagy-Kiss' } },
    });
    expect(Object.keys(update?.changes ?? {})).toEqual(['name']);
    expect(update?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('pages a history newest first, keeps it while the record is in the bin, and answers 404 for an id that never existed', async () => {
    const standard = await addStandard();
    let student = await addStudent(standard.id);
    const firstName = student.name;
    for (const name of ['One', 'Two', 'Three']) {
      const saved = await call('PUT', '/management/update_students/', {
        ...editable(student),
        name,
      });
      student = saved.json<{ data: Student }>().data;
    }
    await call('DELETE', `/management/update_students/?id=${student.id}`);

    const first = await history(`/management/students/${student.id}/history/?limit=2`);
    expect(first.data.map((event) => event.action)).toEqual(['delete', 'update']);
    expect(first.next_cursor).not.toBeNull();
    const rest = await history(
      `/management/students/${student.id}/history/?limit=10&cursor=${first.next_cursor}`,
    );
    expect(rest.data.map((event) => event.action)).toEqual(['update', 'update', 'create']);
    expect(rest.data.map((event) => event.changes['name']?.to)).toEqual(['Two', 'One', firstName]);

    for (const path of [
      '/management/students/999999/history/',
      '/management/standard/999999/history/',
    ]) {
      const missing = await call('GET', path);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(PROBLEM);
    }
  });

  it('lets a roll number freed by a delete be taken, and then refuses to restore the deleted student with a 409 naming roll_number', async () => {
    const standard = await addStandard({ name: unique('Grade 7 ') });
    const first = await addStudent(standard.id, { roll_number: '21' });
    await call('DELETE', '/management/update_students/', { id: first.id });
    const second = await addStudent(standard.id, { roll_number: '21' });
    expect(second.id).not.toBe(first.id);

    const restore = await call('POST', `/management/deleted/student/${first.id}/restore/`);
    expect(restore.statusCode, restore.body).toBe(409);
    expect(restore.headers['content-type']).toMatch(PROBLEM);
    expect(restore.json()).toMatchObject({
      status: 409,
      errors: {
        roll_number: [`Roll number "21" is already taken in standard "${standard.name}".`],
      },
    });
    const bin = await call('GET', '/management/deleted/?limit=200');
    expect(bin.json<BinList>().data.map((entry) => entry.id)).toContain(first.id);
  });

  it('lists the bin newest first with who deleted what, pages it, and answers 404 to restoring what is not in it', async () => {
    const standard = await addStandard();
    const student = await addStudent(standard.id, { name: 'Chen Li' });
    // A second apart: two deletions within one millisecond have no newer one.
    const clock = freezeClock();
    await call('DELETE', '/management/update_students/', { id: student.id }, other);
    clock.advance(1_000);
    const emptyStandard = await addStandard();
    await call('DELETE', `/management/standard/${emptyStandard.id}/`);

    const response = await call('GET', '/management/deleted/?limit=1');
    expect(response.statusCode, response.body).toBe(200);
    const first = response.json<BinList>();
    expect(first.data).toEqual([
      {
        entity: 'standard',
        id: emptyStandard.id,
        name: emptyStandard.name,
        deleted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        deleted_by: me,
        roll_number: null,
        standard: null,
      },
    ]);
    const second = (
      await call('GET', `/management/deleted/?limit=1&cursor=${first.next_cursor}`)
    ).json<BinList>();
    expect(second.data).toEqual([
      expect.objectContaining({
        entity: 'student',
        id: student.id,
        name: 'Chen Li',
        deleted_by: colleague,
      }),
    ]);

    for (const path of [
      `/management/deleted/student/${standard.id + 100000}/restore/`,
      `/management/deleted/standard/${standard.id}/restore/`,
    ]) {
      const missing = await call('POST', path);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(PROBLEM);
    }
    expect((await call('POST', `/management/deleted/teacher/1/restore/`)).statusCode).toBe(404);
  });

  it('deletes a standard whose only students are in the bin, refuses one with a live student, and will not restore a student into a standard in the bin', async () => {
    const standard = await addStandard({ name: unique('Grade 3 ') });
    const gone = await addStudent(standard.id);
    const staying = await addStudent(standard.id);
    await call('DELETE', '/management/update_students/', { id: gone.id });

    const refused = await call('DELETE', `/management/standard/${standard.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(`Standard "${standard.name}" is in use by 1 student.`);

    await call('DELETE', '/management/update_students/', { id: staying.id });
    expect((await call('DELETE', `/management/standard/${standard.id}/`)).statusCode).toBe(204);

    const restore = await call('POST', `/management/deleted/student/${gone.id}/restore/`);
    expect(restore.statusCode).toBe(409);
    expect(restore.json().errors.standard[0]).toContain(standard.name);
    const add = await call(
      'POST',
      '/management/update_students/',
      buildStudent({ standard: standard.id }),
    );
    expect(add.statusCode).toBe(400);
    expect(add.json().errors).toEqual({ standard: ['The chosen standard does not exist.'] });

    await call('POST', `/management/deleted/standard/${standard.id}/restore/`);
    const again = await call('POST', `/management/deleted/student/${gone.id}/restore/`);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('never leaves a live student in a standard in the bin when the standard is deleted while students are added', async () => {
    for (let round = 0; round < 5; round += 1) {
      const standard = await addStandard();
      const [added, deleted] = await Promise.all([
        call('POST', '/management/update_students/', buildStudent({ standard: standard.id })),
        call('DELETE', `/management/standard/${standard.id}/`),
      ]);
      const outcome = [added.statusCode, deleted.statusCode];
      expect([
        [201, 409],
        [400, 204],
      ]).toContainEqual(outcome);
    }
  });

  it('answers a save of an old version with a 409 edit conflict carrying the current record, and writes nothing', async () => {
    const standard = await addStandard();
    const student = await addStudent(standard.id, { name: 'Dev Patel' });
    const theirs = await call(
      'PUT',
      '/management/update_students/',
      { ...editable(student), name: 'Dev Patel (theirs)' },
      other,
    );
    expect(theirs.statusCode).toBe(200);
    const current = theirs.json<{ data: Student }>().data;
    expect(current.version).toBe(student.version + 1);

    const mine = await call('PUT', '/management/update_students/', {
      ...editable(student),
      name: 'Dev Patel (mine)',
    });
    expect(mine.statusCode).toBe(409);
    expect(mine.headers['content-type']).toMatch(PROBLEM);
    expect(mine.json().type).toMatch(/\/edit-conflict$/);
    expect(mine.json().current).toEqual(current);
    const stored = await call('GET', `/management/students/${student.id}/`);
    expect(stored.json<{ data: Student }>().data).toEqual(current);

    const withoutVersion = editable(student) as Partial<ReturnType<typeof editable>>;
    delete withoutVersion.version;
    const overwrite = await call('PUT', '/management/update_students/', {
      ...withoutVersion,
      name: 'Dev Patel (mine)',
    });
    expect(overwrite.statusCode).toBe(200);
    expect(overwrite.json<{ data: Student }>().data.version).toBe(current.version + 1);
  });

  it('lets exactly one of two saves of the same student version sent at once succeed; the other is a 409 with the current record', async () => {
    const standard = await addStandard();
    for (let round = 0; round < 5; round += 1) {
      const student = await addStudent(standard.id);
      const responses = await Promise.all(
        ['A', 'B'].map((who) =>
          call('PUT', '/management/update_students/', { ...editable(student), name: `By ${who}` }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = responses.find((response) => response.statusCode === 200)!;
      const loser = responses.find((response) => response.statusCode === 409)!;
      expect(loser.json().current).toEqual(winner.json().data);
      const events = await history(`/management/students/${student.id}/history/`);
      expect(events.data.map((event) => event.action)).toEqual(['update', 'create']);
    }
  });

  it('lets exactly one of two saves of the same standard version sent at once succeed; the other is a 409 with the current record', async () => {
    for (let round = 0; round < 5; round += 1) {
      const standard = await addStandard();
      const { id, version, grade_level, academic_year } = standard;
      const responses = await Promise.all(
        ['A', 'B'].map((who) =>
          call('PUT', `/management/standard/${id}/`, {
            name: `${standard.name} ${who}`,
            grade_level,
            academic_year,
            version,
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const winner = responses.find((response) => response.statusCode === 200)!;
      const loser = responses.find((response) => response.statusCode === 409)!;
      expect(loser.json().type).toMatch(/\/edit-conflict$/);
      expect(loser.json().current).toEqual(winner.json().data);
    }
  });
});
