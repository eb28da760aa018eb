import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryList, Standard } from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../test/harness.js';
import { buildStandard, insertUser, loginAs, unique } from '../test/factories.js';

describe.each(dialects)("a standard's teachers on %s", (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  let asha: { id: number; name: string };
  let ben: { id: number; name: string };
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret, { name: 'Office' }));
    asha = await insertUser(t.database.db, { name: 'Asha Teacher' });
    ben = await insertUser(t.database.db, { name: 'Ben Teacher' });
  });
  const call = signedInCaller(t, () => headers);

  async function create(teacherIds?: number[]): Promise<Standard> {
    const response = await call('POST', '/management/standard/', {
      ...buildStandard({ name: unique('Class ') }),
      ...(teacherIds ? { teacher_ids: teacherIds } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Standard }>().data;
  }

  it('gives a standard its teachers on create, in the order sent, in its answer, its read and the list', async () => {
    const created = await create([ben.id, asha.id]);
    const expected = [
      { id: ben.id, name: 'Ben Teacher' },
      { id: asha.id, name: 'Asha Teacher' },
    ];
    expect(created.teachers).toEqual(expected);
    const read = await call('GET', `/management/standard/${created.id}/`);
    expect(read.json().data.teachers).toEqual(expected);
    const list = await call('GET', '/management/standard/?limit=200');
    const listed = list.json<{ data: Standard[] }>().data.find((item) => item.id === created.id);
    expect(listed?.teachers).toEqual(expected);
    expect((await create()).teachers).toEqual([]);
  });

  it('replaces the teachers when a save names them, and keeps them when a save (an older client) leaves them out', async () => {
    const created = await create([asha.id]);
    const body = { name: created.name, grade_level: 3, academic_year: created.academic_year };
    const kept = await call('PUT', `/management/standard/${created.id}/`, body);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.teachers).toEqual([{ id: asha.id, name: 'Asha Teacher' }]);

    const replaced = await call('PUT', `/management/standard/${created.id}/`, {
      ...body,
      teacher_ids: [ben.id],
    });
    expect(replaced.json().data.teachers).toEqual([{ id: ben.id, name: 'Ben Teacher' }]);
    const cleared = await call('PUT', `/management/standard/${created.id}/`, {
      ...body,
      teacher_ids: [],
    });
    expect(cleared.json().data.teachers).toEqual([]);

    const history = await call('GET', `/management/standard/${created.id}/history/`);
    const events = history.json<HistoryList>().data;
    expect(events[0]?.changes['teachers']).toEqual({ from: 'Ben Teacher', to: '' });
    expect(events[1]?.changes['teachers']).toEqual({ from: 'Asha Teacher', to: 'Ben Teacher' });
    expect(events[2]?.changes['teachers']).toBeUndefined();
    expect(events.at(-1)?.changes['teachers']).toEqual({ from: null, to: 'Asha Teacher' });
  });

  it('refuses a teacher who is not an active account, twice named, or too many, with 400 naming teacher_ids, and changes nothing', async () => {
    const created = await create([asha.id]);
    const gone = await insertUser(t.database.db, { name: 'Left', status: 'deactivated' });
    for (const teacherIds of [
      [gone.id],
      [987654],
      [ben.id, ben.id],
      Array.from({ length: 11 }, (_, i) => i + 1),
    ]) {
      const response = await call('PUT', `/management/standard/${created.id}/`, {
        name: created.name,
        grade_level: created.grade_level,
        teacher_ids: teacherIds,
      });
      expect(response.statusCode, JSON.stringify(teacherIds)).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['teacher_ids']);
    }
    const read = await call('GET', `/management/standard/${created.id}/`);
    expect(read.json().data).toMatchObject({ version: 1, teachers: [{ id: asha.id }] });
  });

  it('keeps a teacher who was deactivated after being given the standard, and offers only active accounts to choose', async () => {
    const later = await insertUser(t.database.db, { name: 'Zed Later' });
    const created = await create([later.id]);
    await t.database.db
      .updateTable('users')
      .set({ status: 'deactivated' })
      .where('id', '=', later.id)
      .execute();
    const saved = await call('PUT', `/management/standard/${created.id}/`, {
      name: created.name,
      grade_level: created.grade_level,
      teacher_ids: [later.id, asha.id],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.teachers.map((teacher: { id: number }) => teacher.id)).toEqual([
      later.id,
      asha.id,
    ]);
    const choices = await call('GET', '/management/teachers/');
    const ids = choices.json<{ data: { id: number }[] }>().data.map((choice) => choice.id);
    expect(ids).toContain(asha.id);
    expect(ids).not.toContain(later.id);
  });

  it('keeps one row per teacher when two saves set the same teachers at once', async () => {
    const created = await create();
    const saves = await Promise.all(
      [0, 1, 2].map(() =>
        call('PUT', `/management/standard/${created.id}/`, {
          name: created.name,
          grade_level: created.grade_level,
          teacher_ids: [asha.id, ben.id],
        }),
      ),
    );
    expect(saves.map((save) => save.statusCode)).toEqual([200, 200, 200]);
    const live = await t.database.db
      .selectFrom('standard_teachers')
      .select('user_id')
      .where('standard_id', '=', created.id)
      .where('removed_at', 'is', null)
      .orderBy('position')
      .execute();
    expect(live.map((row) => row.user_id)).toEqual([asha.id, ben.id]);
  });
});
