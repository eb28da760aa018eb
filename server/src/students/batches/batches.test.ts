import { beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_MAX_STUDENTS,
  apiPaths,
  batchTexts,
  type BatchList,
  type BatchUndoResult,
  type BulkError,
  type BulkResult,
  type HistoryList,
} from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../../test/harness.js';
import { insertStandard, insertStudent, loginAs, unique } from '../../test/factories.js';

const BULK = '/management/students/bulk/';
const BATCHES = '/management/batches/';
const undoPath = (batchId: string) => `/management/batches/${batchId}/undo/`;

describe.each(dialects)('bulk changes and batches on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret, { name: 'Farah Ali' }));
  });

  const call = signedInCaller(t, () => headers);

  type Committed = BulkResult & { batch_id: string };
  async function bulk(payload: unknown, status = 200): Promise<Committed> {
    const response = await call('POST', BULK, payload);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<{ data: Committed }>().data;
  }

  /** A standard with `count` students, their roll numbers 1 to `count`. */
  async function classOf(count: number, grade = 5) {
    const standard = await insertStandard(t.database.db, { grade_level: grade });
    const students = [];
    for (let roll = 1; roll <= count; roll += 1) {
      students.push(await insertStudent(t.database.db, standard.id, { roll_number: String(roll) }));
    }
    return { standard, students, ids: students.map((student) => student.id) };
  }

  /** Where each of `ids` is: its standard and whether it is live. */
  const places = (ids: readonly number[]) =>
    t.database.db
      .selectFrom('students')
      .select(['id', 'standard_id', 'deleted_at', 'name'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

  it('moves a class to another standard in one batch whose history events share its id, lists it, and undoes it', async () => {
    const from = await classOf(30);
    const to = await insertStandard(t.database.db, { grade_level: 6 });

    const moved = await bulk({ action: 'move', ids: from.ids, standard: to.id });

    expect(moved.count).toBe(30);
    expect((await places(from.ids)).every((row) => row.standard_id === to.id)).toBe(true);
    const events = await t.database.db
      .selectFrom('history_events')
      .select(['entity_id', 'action', 'changes'])
      .where('import_id', '=', moved.batch_id)
      .execute();
    expect(events).toHaveLength(30);
    expect(JSON.parse(events[0]!.changes)).toEqual({
      standard: { from: from.standard.id, to: to.id },
    });
    const listed = (await call('GET', BATCHES)).json<BatchList>().data;
    expect(listed[0]).toMatchObject({
      batch_id: moved.batch_id,
      kind: 'bulk',
      actor: { name: 'Farah Ali' },
      counts: { moved: 30 },
      undone: false,
    });

    const undo = await call('POST', undoPath(moved.batch_id));
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<{ data: BatchUndoResult }>().data.counts).toMatchObject({ reverted: 30 });
    expect((await places(from.ids)).every((row) => row.standard_id === from.standard.id)).toBe(
      true,
    );
    expect((await call('GET', BATCHES)).json<BatchList>().data[0]).toMatchObject({
      batch_id: moved.batch_id,
      undone: true,
    });
    const again = await call('POST', undoPath(moved.batch_id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: batchTexts.alreadyUndone });
  });

  it('moves nobody when one roll number is taken in the target or shared by two moved students, naming each', async () => {
    const from = await classOf(3);
    const other = await classOf(1);
    const to = await insertStandard(t.database.db);
    await insertStudent(t.database.db, to.id, { roll_number: '2' });
    const before = await places([...from.ids, ...other.ids]);

    const response = await call('POST', BULK, {
      action: 'move',
      ids: [...from.ids, ...other.ids],
      standard: to.id,
    });

    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const errors = response.json<{ errors: BulkError[] }>().errors;
    expect(errors).toEqual([
      { id: from.ids[1], field: 'roll_number', message: batchTexts.rollNumberTaken('2', to.name) },
      { id: other.ids[0], field: 'roll_number', message: batchTexts.rollNumberTwice('1') },
    ]);
    expect(response.json()).toMatchObject({ detail: batchTexts.refused(2) });
    expect(await places([...from.ids, ...other.ids])).toEqual(before);
  });

  it('deletes students to the bin as one batch, and its undo brings them back unless a roll number was taken since', async () => {
    const { standard, ids } = await classOf(4);

    const deleted = await bulk({ action: 'delete', ids });
    expect(deleted.count).toBe(4);
    expect((await places(ids)).every((row) => row.deleted_at !== null)).toBe(true);

    const taker = await insertStudent(t.database.db, standard.id, { roll_number: '3' });
    const refused = await call('POST', undoPath(deleted.batch_id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: batchTexts.restoreTaken(1) });
    expect((await places(ids)).every((row) => row.deleted_at !== null)).toBe(true);
    expect((await call('GET', BATCHES)).json<BatchList>().data[0]).toMatchObject({
      batch_id: deleted.batch_id,
      undone: false,
    });

    await t.database.db.deleteFrom('students').where('id', '=', taker.id).execute();
    const undo = await call('POST', undoPath(deleted.batch_id));
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<{ data: BatchUndoResult }>().data.counts).toMatchObject({ restored: 4 });
    expect((await places(ids)).every((row) => row.deleted_at === null)).toBe(true);
  });

  it('marks students as left on a day, as one batch whose undo makes them active again', async () => {
    const { ids } = await classOf(4);
    const statuses = () =>
      t.database.db
        .selectFrom('students')
        .select(['status', 'left_on'])
        .where('id', 'in', ids)
        .execute();

    const left = await bulk({ action: 'set_status', ids, status: 'left', left_on: '2026-07-15' });

    expect(left.count).toBe(4);
    expect(await statuses()).toEqual(Array(4).fill({ status: 'left', left_on: '2026-07-15' }));
    const listed = (await call('GET', BATCHES)).json<BatchList>().data;
    expect(listed[0]).toMatchObject({ batch_id: left.batch_id, counts: { status_changed: 4 } });
    await call('POST', undoPath(left.batch_id));
    expect(await statuses()).toEqual(Array(4).fill({ status: 'active', left_on: null }));
  });

  it('gives today as the leaving day when none is sent, and refuses one for active students', async () => {
    const { ids } = await classOf(1);
    await bulk({ action: 'set_status', ids, status: 'graduated' });
    const row = await t.database.db
      .selectFrom('students')
      .select(['status', 'left_on'])
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'graduated', left_on: new Date().toISOString().slice(0, 10) });

    const response = await call('POST', BULK, {
      action: 'set_status',
      ids,
      status: 'active',
      left_on: '2026-07-15',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(batchTexts.leftOnOnlyWhenGone);
  });

  it('makes nobody active again when a leaver’s roll number was taken in their standard since, naming them', async () => {
    const { standard, ids } = await classOf(3);
    await bulk({ action: 'set_status', ids, status: 'left' });
    const newcomer = await insertStudent(t.database.db, standard.id, { roll_number: '2' });

    const response = await call('POST', BULK, { action: 'set_status', ids, status: 'active' });

    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: BulkError[] }>().errors).toEqual([
      {
        id: ids[1],
        field: 'roll_number',
        message: batchTexts.rollNumberTaken('2', standard.name),
      },
    ]);
    const active = await t.database.db
      .selectFrom('students')
      .select('id')
      .where('standard_id', '=', standard.id)
      .where('status', '=', 'active')
      .execute();
    expect(active).toEqual([{ id: newcomer.id }]);
  });

  it('refuses to undo a batch after one of its students was edited, writing nothing', async () => {
    const from = await classOf(3);
    const to = await insertStandard(t.database.db);
    const moved = await bulk({ action: 'move', ids: from.ids, standard: to.id });
    const [student] = await t.database.db
      .selectFrom('students')
      .selectAll()
      .where('id', '=', from.ids[0]!)
      .execute();
    const edit = await call('PUT', '/management/update_students/', {
      id: student!.id,
      name: 'Edited Later',
      email: student!.email,
      roll_number: student!.roll_number,
      standard: to.id,
      version: student!.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = await places(from.ids);

    const undo = await call('POST', undoPath(moved.batch_id));
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({ detail: batchTexts.changedSince(1) });
    expect(await places(from.ids)).toEqual(before);
  });

  it('refuses a bulk change of no students, of more than 1,000, naming one twice, of an unknown student, or to a standard that is not there', async () => {
    const { ids } = await classOf(2);
    const to = await insertStandard(t.database.db);
    for (const [payload, message] of [
      [{ action: 'move', ids: [], standard: to.id }, batchTexts.idsRequired],
      [
        {
          action: 'delete',
          ids: Array.from({ length: BULK_MAX_STUDENTS + 1 }, (_, index) => index + 1),
        },
        batchTexts.tooMany,
      ],
      [{ action: 'delete', ids: [ids[0], ids[0]] }, batchTexts.idsRepeated],
      [{ action: 'move', ids, standard: 2_000_000_000 }, batchTexts.targetNotFound],
    ] as const) {
      const response = await call('POST', BULK, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const unknown = await call('POST', BULK, { action: 'delete', ids: [ids[0], 2_000_000_000] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: BulkError[] }>().errors).toEqual([
      { id: 2_000_000_000, field: 'id', message: batchTexts.studentNotFound },
    ]);
    expect((await places(ids)).every((row) => row.deleted_at === null)).toBe(true);
    expect((await call('POST', BULK, { action: 'rename', ids })).statusCode).toBe(400);
    expect((await call('POST', undoPath('not-a-batch'))).statusCode).toBe(400);
    expect((await call('POST', undoPath(crypto.randomUUID()))).statusCode).toBe(404);
  });

  it('keeps a bulk move and an edit of one of its students sent at once consistent: the move happens and the edit is either before it or refused', async () => {
    for (let round = 0; round < 5; round += 1) {
      const from = await classOf(20);
      const to = await insertStandard(t.database.db);
      const [student] = await t.database.db
        .selectFrom('students')
        .selectAll()
        .where('id', '=', from.ids[7]!)
        .execute();
      const name = `Raced ${unique()}`;
      const [move, edit] = await Promise.all([
        call('POST', BULK, { action: 'move', ids: from.ids, standard: to.id }),
        call('PUT', '/management/update_students/', {
          id: student!.id,
          name,
          email: student!.email,
          roll_number: student!.roll_number,
          standard: from.standard.id,
          version: student!.version,
        }),
      ]);
      expect(move.statusCode, move.body).toBe(200);
      expect([200, 409]).toContain(edit.statusCode);
      const [after] = await places([student!.id]);
      expect(after!.standard_id).toBe(to.id);
      expect(after!.name).toBe(edit.statusCode === 200 ? name : student!.name);
      const [row] = await t.database.db
        .selectFrom('students')
        .select('version')
        .where('id', '=', student!.id)
        .execute();
      expect(row!.version).toBe(student!.version + (edit.statusCode === 200 ? 2 : 1));
    }
  });

  it('keeps one active student per roll number when leavers return while a newcomer takes one of their numbers at once', async () => {
    const { standard, ids } = await classOf(5);
    await bulk({ action: 'set_status', ids, status: 'left' });

    const [returned, added] = await Promise.all([
      call('POST', BULK, { action: 'set_status', ids, status: 'active' }),
      call('POST', apiPaths.updateStudents, {
        name: 'Newcomer',
        email: '',
        roll_number: '3',
        standard: standard.id,
      }),
    ]);

    const statuses = [returned.statusCode, added.statusCode];
    expect([
      [200, 409],
      [409, 201],
      [422, 201],
    ]).toContainEqual(statuses);
    const active = await t.database.db
      .selectFrom('students')
      .select('roll_number')
      .where('standard_id', '=', standard.id)
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .execute();
    expect(active.filter((row) => row.roll_number === '3')).toHaveLength(1);
    expect(active).toHaveLength(returned.statusCode === 200 ? 5 : 1);
  });

  it('undoes a batch once when two undos are sent at once', async () => {
    const { ids } = await classOf(10);
    const deleted = await bulk({ action: 'delete', ids });
    const answers = await Promise.all([
      call('POST', undoPath(deleted.batch_id)),
      call('POST', undoPath(deleted.batch_id)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await places(ids)).every((row) => row.deleted_at === null)).toBe(true);
  });

  it('lists an import as a batch with its counts, which the batch undo reverts like the import undo', async () => {
    const standard = await insertStandard(t.database.db);
    const file = `name,email,roll_number,standard\r\nAmit ${unique()},amit.${unique()}@pupils.test,I1,${standard.name}\r\n`;
    const imported = await t.app.inject({
      method: 'POST',
      url: '/management/students/import/',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: file,
    });
    const importId = imported.json<{ data: { import_id: string } }>().data.import_id;
    const [listed] = (await call('GET', `${BATCHES}?limit=1`)).json<BatchList>().data;
    expect(listed).toMatchObject({ batch_id: importId, kind: 'import', counts: { created: 1 } });

    const undo = await call('POST', undoPath(importId));
    expect(undo.json<{ data: BatchUndoResult }>().data.counts).toMatchObject({ removed: 1 });
    const viaImport = await call('POST', `/management/imports/${importId}/undo/`);
    expect(viaImport.statusCode).toBe(409);
  });

  it('names the first students of a batch by name in the list, with how many it touched', async () => {
    const standard = await insertStandard(t.database.db);
    const names = ['Zara', 'Mira', 'Asha', 'Devi', 'Kiran', 'Bela', 'Omar'].map(
      (name) => `${name} ${unique()}`,
    );
    const students = [];
    for (const [index, name] of names.entries()) {
      students.push(
        await insertStudent(t.database.db, standard.id, { name, roll_number: `N${index}` }),
      );
    }
    const moved = await bulk({
      action: 'set_status',
      ids: students.map((student) => student.id),
      status: 'left',
    });

    const [listed] = (await call('GET', `${BATCHES}?limit=1`)).json<BatchList>().data;
    expect(listed!.batch_id).toBe(moved.batch_id);
    expect(listed!.students.count).toBe(7);
    expect(listed!.students.named.map((student) => student.name)).toEqual(
      [...names].sort().slice(0, 5),
    );
  });

  it('gives each history event a batch made, and each its undo made, the batch’s id, and none to a change of one student', async () => {
    const from = await classOf(2);
    const { ids } = from;
    const to = await insertStandard(t.database.db, { grade_level: 6 });
    const moved = await bulk({ action: 'move', ids, standard: to.id });
    const undo = await call('POST', undoPath(moved.batch_id));
    expect(undo.statusCode, undo.body).toBe(200);
    const edit = await call('PUT', '/management/update_students/', {
      id: ids[0],
      name: `Edited ${unique()}`,
      email: `edited.${unique()}@pupils.test`,
      roll_number: '1',
      standard: from.standard.id,
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const history = (
      await call('GET', `/management/students/${ids[0]!}/history/`)
    ).json<HistoryList>().data;
    expect(history.map((event) => event.batch_id)).toEqual([null, moved.batch_id, moved.batch_id]);
  });

  it('gives moved students whose roll numbers are taken the next free ones, previewed first, and two such moves sent at once never share a number', async () => {
    const eightA = await classOf(3);
    const eightB = await classOf(3);
    const other = await classOf(2);
    const change = {
      action: 'move',
      ids: eightA.ids,
      standard: eightB.standard.id,
      roll_numbers: 'next_free',
    };

    const preview = await call('POST', `${BULK}?dry_run=true`, change);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(
      preview.json<{ data: BulkResult }>().data.roll_numbers.map((entry) => [entry.from, entry.to]),
    ).toEqual([
      ['1', '4'],
      ['2', '5'],
      ['3', '6'],
    ]);
    expect((await places(eightA.ids)).every((row) => row.standard_id === eightA.standard.id)).toBe(
      true,
    );

    const answers = await Promise.all([
      call('POST', BULK, change),
      call('POST', BULK, { ...change, ids: other.ids }),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
    expect(codes).toContain(200);
    const target = await t.database.db
      .selectFrom('students')
      .select(['roll_number'])
      .where('standard_id', '=', eightB.standard.id)
      .where('deleted_at', 'is', null)
      .where('status', '=', 'active')
      .execute();
    const numbers = target.map((row) => row.roll_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toHaveLength(3 + (codes[0] === 200 ? 3 : 0) + (codes[1] === 200 ? 2 : 0));
  });

  it('pages the batches newest first by cursor', async () => {
    const { ids } = await classOf(3);
    const made: string[] = [];
    for (const id of ids) made.push((await bulk({ action: 'delete', ids: [id] })).batch_id);
    const first = (await call('GET', `${BATCHES}?limit=2`)).json<BatchList>();
    expect(first.data.map((batch) => batch.batch_id)).toEqual([made[2], made[1]]);
    const second = (
      await call('GET', `${BATCHES}?limit=2&cursor=${first.next_cursor}`)
    ).json<BatchList>();
    expect(second.data[0]!.batch_id).toBe(made[0]);
  });
});
