import { beforeAll, describe, expect, it } from 'vitest';
import {
  batchTexts,
  yearEndTexts,
  type BatchList,
  type StandardList,
  type YearEndConflict,
  type YearEndInput,
  type YearEndResult,
} from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../../test/harness.js';
import { insertStandard, insertStudent, loginAs, unique } from '../../test/factories.js';

const YEAR_END = '/management/year-end/';
const undoPath = (batchId: string) => `/management/batches/${batchId}/undo/`;

describe.each(dialects)('the end of the year on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret, { name: 'Rekha Menon' }));
  });

  const call = signedInCaller(t, () => headers);

  // Each test ends its own pair of years, so the others' standards are not among them.
  let nextYear = 2200;
  function years() {
    nextYear += 2;
    return { from_year: String(nextYear), to_year: String(nextYear + 1) };
  }

  /** A standard of `year` with `count` students, their roll numbers 1 to `count`. */
  async function classOf(year: string, grade: number, count: number) {
    const standard = await insertStandard(t.database.db, {
      name: unique(`${grade}-`),
      grade_level: grade,
      academic_year: year,
    });
    const students = [];
    for (let roll = 1; roll <= count; roll += 1) {
      students.push(await insertStudent(t.database.db, standard.id, { roll_number: String(roll) }));
    }
    return { standard, students, ids: students.map((student) => student.id) };
  }

  async function run(body: YearEndInput, query = '', status = 200) {
    const response = await call('POST', `${YEAR_END}${query}`, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<{ data: YearEndResult }>().data;
  }

  const rowsOf = (ids: readonly number[]) =>
    t.database.db
      .selectFrom('students')
      .select(['id', 'standard_id', 'status', 'left_on'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

  it('previews every standard’s moves, graduates and students kept back, writing nothing', async () => {
    const { from_year, to_year } = years();
    const six = await classOf(from_year, 6, 3);
    const seven = await classOf(from_year, 7, 2);
    const next = await insertStandard(t.database.db, { grade_level: 7, academic_year: to_year });
    const before = await rowsOf([...six.ids, ...seven.ids]);

    const preview = await run(
      {
        from_year,
        to_year,
        moves: [
          { from_standard: six.standard.id, to_standard: next.id },
          { from_standard: seven.standard.id, graduate: true },
        ],
        keep: [six.ids[0]!],
      },
      '?dry_run=true',
    );

    expect(preview).toEqual({
      dry_run: true,
      batch_id: null,
      standards: [
        {
          from_standard: { id: six.standard.id, name: six.standard.name },
          to_standard: { id: next.id, name: next.name },
          moved: 2,
          graduated: 0,
          kept: 1,
          kept_to: { id: null, name: six.standard.name },
        },
        {
          from_standard: { id: seven.standard.id, name: seven.standard.name },
          to_standard: null,
          moved: 0,
          graduated: 2,
          kept: 0,
          kept_to: null,
        },
      ],
      conflicts: [],
      roll_numbers: [],
    });
    expect(await rowsOf([...six.ids, ...seven.ids])).toEqual(before);
  });

  it('moves, graduates and keeps back in one batch, creating next year’s standards, and its undo puts everything back', async () => {
    const { from_year, to_year } = years();
    const six = await classOf(from_year, 6, 4);
    const seven = await classOf(from_year, 7, 3);
    const eight = await classOf(from_year, 8, 2);
    const existing = await insertStandard(t.database.db, {
      grade_level: 7,
      academic_year: to_year,
    });
    const newName = unique('8-');

    const result = await run({
      from_year,
      to_year,
      moves: [
        { from_standard: six.standard.id, to_standard: existing.id },
        { from_standard: seven.standard.id, to_new: { name: newName, grade_level: 8 } },
        { from_standard: eight.standard.id, graduate: true },
      ],
      keep: [seven.ids[2]!],
    });

    expect(result.dry_run).toBe(false);
    const created = await t.database.db
      .selectFrom('standards')
      .selectAll()
      .where('name', '=', newName)
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({ academic_year: to_year, grade_level: 8 });
    expect(result.standards.map((entry) => [entry.to_standard, entry.moved, entry.kept])).toEqual([
      [{ id: existing.id, name: existing.name }, 4, 0],
      [{ id: created.id, name: newName }, 2, 1],
      [null, 0, 0],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const after = new Map(
      (await rowsOf([...six.ids, ...seven.ids, ...eight.ids])).map((row) => [row.id, row]),
    );
    const repeating = await t.database.db
      .selectFrom('standards')
      .selectAll()
      .where('name', '=', seven.standard.name)
      .where('academic_year', '=', to_year)
      .executeTakeFirstOrThrow();
    expect(repeating).toMatchObject({ grade_level: 7 });
    expect(result.standards[1]!.kept_to).toEqual({ id: repeating.id, name: seven.standard.name });
    for (const id of six.ids) expect(after.get(id)?.standard_id).toBe(existing.id);
    expect(seven.ids.map((id) => after.get(id)?.standard_id)).toEqual([
      created.id,
      created.id,
      repeating.id,
    ]);
    for (const id of eight.ids) {
      expect(after.get(id)).toMatchObject({
        standard_id: eight.standard.id,
        status: 'graduated',
        left_on: today,
      });
    }
    const events = await t.database.db
      .selectFrom('history_events')
      .select(['entity', 'action'])
      .where('import_id', '=', result.batch_id)
      .execute();
    expect(events.filter((event) => event.entity === 'student')).toHaveLength(9);
    expect(events.filter((event) => event.entity === 'standard')).toEqual([
      { entity: 'standard', action: 'create' },
      { entity: 'standard', action: 'create' },
    ]);
    const batches = (await call('GET', '/management/batches/')).json<BatchList>().data;
    expect(batches[0]).toMatchObject({
      batch_id: result.batch_id,
      kind: 'year-end',
      actor: { name: 'Rekha Menon' },
      counts: { moved: 6, graduated: 2, kept: 1, created_standards: 2 },
    });
    const lastYear = (
      await call('GET', `/management/standard/?academic_year=${from_year}`)
    ).json<StandardList>().data;
    expect(lastYear.map((standard) => standard.id)).toEqual([
      six.standard.id,
      seven.standard.id,
      eight.standard.id,
    ]);

    const undo = await call('POST', undoPath(result.batch_id as string));
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<{ data: { counts: Record<string, number> } }>().data.counts).toMatchObject({
      reverted: 9,
      removed_standards: 2,
    });
    for (const row of await rowsOf([...six.ids, ...seven.ids, ...eight.ids])) {
      expect(row).toMatchObject({ status: 'active', left_on: null });
    }
    expect((await rowsOf(six.ids)).every((row) => row.standard_id === six.standard.id)).toBe(true);
    expect((await rowsOf(seven.ids)).every((row) => row.standard_id === seven.standard.id)).toBe(
      true,
    );
    const binned = await t.database.db
      .selectFrom('standards')
      .select('deleted_at')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(binned.deleted_at).not.toBeNull();
  });

  it('lists the roll numbers that clash in a preview, and a run refuses them writing nothing', async () => {
    const { from_year, to_year } = years();
    const a = await classOf(from_year, 4, 3);
    const b = await classOf(from_year, 4, 1);
    const target = await classOf(to_year, 5, 0);
    const settled = await insertStudent(t.database.db, target.standard.id, { roll_number: '2' });
    const body: YearEndInput = {
      from_year,
      to_year,
      moves: [
        { from_standard: a.standard.id, to_standard: target.standard.id },
        { from_standard: b.standard.id, to_standard: target.standard.id },
      ],
      keep: [],
    };
    const to_standard = { id: target.standard.id, name: target.standard.name };
    const expected: YearEndConflict[] = [
      { student: { id: a.ids[1]!, name: a.students[1]!.name }, roll_number: '2', to_standard },
      { student: { id: b.ids[0]!, name: b.students[0]!.name }, roll_number: '1', to_standard },
    ];

    expect((await run(body, '?dry_run=true')).conflicts).toEqual(expected);
    const refused = await call('POST', YEAR_END, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json<{ detail: string; conflicts: YearEndConflict[] }>()).toMatchObject({
      detail: yearEndTexts.refused(2),
      conflicts: expected,
    });
    expect((await rowsOf([...a.ids, ...b.ids])).map((row) => row.standard_id)).toEqual([
      a.standard.id,
      a.standard.id,
      a.standard.id,
      b.standard.id,
    ]);
    expect(settled.standard_id).toBe(target.standard.id);
  });

  it('puts two students kept back in next year’s standard of their standard’s name, the one there or a new one, and its undo takes them back', async () => {
    const { from_year, to_year } = years();
    const five = await classOf(from_year, 5, 3);
    const six = await classOf(from_year, 6, 2);
    // Next year has a "5" already, written with other spaces and case; no "6".
    const nextFive = await insertStandard(t.database.db, {
      name: `  ${five.standard.name.toUpperCase()} `,
      grade_level: 5,
      academic_year: to_year,
    });
    const nextSix = await insertStandard(t.database.db, { grade_level: 7, academic_year: to_year });
    const body: YearEndInput = {
      from_year,
      to_year,
      moves: [
        { from_standard: five.standard.id, to_standard: nextSix.id },
        { from_standard: six.standard.id, graduate: true },
      ],
      keep: [five.ids[2]!, six.ids[0]!],
    };

    const preview = await run(body, '?dry_run=true');
    expect(preview.standards.map((entry) => entry.kept_to)).toEqual([
      { id: nextFive.id, name: nextFive.name },
      { id: null, name: six.standard.name },
    ]);
    const result = await run(body);

    const repeating = await t.database.db
      .selectFrom('standards')
      .selectAll()
      .where('name', '=', six.standard.name)
      .where('academic_year', '=', to_year)
      .executeTakeFirstOrThrow();
    expect(repeating.grade_level).toBe(6);
    const after = new Map((await rowsOf([...five.ids, ...six.ids])).map((row) => [row.id, row]));
    expect(after.get(five.ids[2]!)).toMatchObject({ standard_id: nextFive.id, status: 'active' });
    expect(after.get(six.ids[0]!)).toMatchObject({ standard_id: repeating.id, status: 'active' });
    expect(after.get(five.ids[0]!)?.standard_id).toBe(nextSix.id);
    expect(after.get(six.ids[1]!)).toMatchObject({
      standard_id: six.standard.id,
      status: 'graduated',
    });
    const lastYear = await rowsOf([five.ids[2]!, six.ids[0]!]);
    expect(lastYear.map((row) => row.standard_id)).not.toContain(five.standard.id);

    const undo = await call('POST', undoPath(result.batch_id as string));
    expect(undo.statusCode, undo.body).toBe(200);
    expect(after.size).toBe(5);
    expect((await rowsOf([five.ids[2]!, six.ids[0]!])).map((row) => row.standard_id)).toEqual([
      five.standard.id,
      six.standard.id,
    ]);
  });

  it('gives clashing roll numbers the next free ones after the highest in the target, shown in the preview, in one batch its undo reverts', async () => {
    const { from_year, to_year } = years();
    const eightA = await classOf(from_year, 8, 3);
    const eightB = await classOf(to_year, 9, 3);
    const body: YearEndInput = {
      from_year,
      to_year,
      moves: [{ from_standard: eightA.standard.id, to_standard: eightB.standard.id }],
      roll_numbers: 'next_free',
    };
    const standard = { id: eightB.standard.id, name: eightB.standard.name };
    const expected = eightA.students.map((student, index) => ({
      student: { id: student.id, name: student.name },
      from: String(index + 1),
      to: String(index + 4),
      standard,
    }));

    const preview = await run(body, '?dry_run=true');
    expect(preview.conflicts).toEqual([]);
    expect(preview.roll_numbers).toEqual(expected);
    const result = await run(body);
    expect(result.roll_numbers).toEqual(expected);
    const moved = await t.database.db
      .selectFrom('students')
      .select(['id', 'roll_number', 'standard_id'])
      .where('id', 'in', eightA.ids)
      .orderBy('id')
      .execute();
    expect(moved.map((row) => [row.standard_id, row.roll_number])).toEqual([
      [eightB.standard.id, '4'],
      [eightB.standard.id, '5'],
      [eightB.standard.id, '6'],
    ]);

    const undo = await call('POST', undoPath(result.batch_id as string));
    expect(undo.statusCode, undo.body).toBe(200);
    const back = await t.database.db
      .selectFrom('students')
      .select(['roll_number', 'standard_id'])
      .where('id', 'in', eightA.ids)
      .orderBy('id')
      .execute();
    expect(back).toEqual(
      ['1', '2', '3'].map((roll) => ({ roll_number: roll, standard_id: eightA.standard.id })),
    );
  });

  it('renumbers the target alphabetically, its own students too, when asked, and its undo gives everyone their numbers back', async () => {
    const { from_year, to_year } = years();
    const from = await insertStandard(t.database.db, { grade_level: 4, academic_year: from_year });
    const to = await insertStandard(t.database.db, { grade_level: 5, academic_year: to_year });
    const tag = unique();
    const pupil = (standard: number, name: string, roll: string) =>
      insertStudent(t.database.db, standard, { name: `${name} ${tag}`, roll_number: roll });
    const asha = await pupil(from.id, 'Asha', '1');
    const cyrus = await pupil(from.id, 'Cyrus', '2');
    const bela = await pupil(to.id, 'Bela', '1');
    const dev = await pupil(to.id, 'Dev', '2');

    const result = await run({
      from_year,
      to_year,
      moves: [{ from_standard: from.id, to_standard: to.id }],
      roll_numbers: 'renumber',
    });

    const numbers = async () =>
      (
        await t.database.db
          .selectFrom('students')
          .select(['id', 'roll_number'])
          .where('id', 'in', [asha.id, bela.id, cyrus.id, dev.id])
          .execute()
      ).reduce<Record<number, string>>((all, row) => ({ ...all, [row.id]: row.roll_number }), {});
    expect(await numbers()).toEqual({
      [asha.id]: '1',
      [bela.id]: '2',
      [cyrus.id]: '3',
      [dev.id]: '4',
    });
    expect(
      result.roll_numbers.map((change) => [change.student.id, change.from, change.to]),
    ).toEqual([
      [bela.id, '1', '2'],
      [cyrus.id, '2', '3'],
      [dev.id, '2', '4'],
    ]);
    const [batch] = (await call('GET', '/management/batches/?limit=1')).json<BatchList>().data;
    expect(batch!.counts).toMatchObject({ moved: 2, renumbered: 2 });

    const undo = await call('POST', undoPath(result.batch_id as string));
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await numbers()).toEqual({
      [asha.id]: '1',
      [bela.id]: '1',
      [cyrus.id]: '2',
      [dev.id]: '2',
    });
  });

  it('refuses standards of the wrong year, a new name the next year has, a student to keep who does not move, and a move with two targets', async () => {
    const { from_year, to_year } = years();
    const six = await classOf(from_year, 6, 1);
    const next = await insertStandard(t.database.db, { grade_level: 7, academic_year: to_year });
    const elsewhere = await classOf(to_year, 3, 1);

    const refusal = async (body: unknown) => {
      const response = await call('POST', YEAR_END, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect(
      await refusal({
        from_year,
        to_year,
        moves: [
          { from_standard: next.id, to_standard: six.standard.id },
          { from_standard: six.standard.id, to_new: { name: next.name, grade_level: 7 } },
        ],
      }),
    ).toEqual({
      'moves.0.from_standard': [yearEndTexts.notOfYear(from_year)],
      'moves.0.to_standard': [yearEndTexts.notOfYear(to_year)],
      'moves.1.to_new.name': [yearEndTexts.newNameTaken(next.name, to_year)],
    });
    expect(
      await refusal({
        from_year,
        to_year,
        moves: [{ from_standard: six.standard.id, to_standard: next.id }],
        keep: [elsewhere.ids[0]],
      }),
    ).toEqual({ keep: [yearEndTexts.keptNotMoving] });
    const twoTargets = await refusal({
      from_year,
      to_year,
      moves: [{ from_standard: six.standard.id, to_standard: next.id, graduate: true }],
    });
    expect(Object.values(twoTargets).flat()).toContain(yearEndTexts.oneTarget);
    const sameYear = await refusal({ from_year, to_year: from_year, moves: [] });
    expect(sameYear['to_year']).toEqual([yearEndTexts.sameYear]);
    expect(sameYear['moves']).toEqual([yearEndTexts.movesRequired]);
    expect((await rowsOf(six.ids))[0]?.standard_id).toBe(six.standard.id);
  });

  it('moves each student once when two runs of the same year end are sent at once', async () => {
    const { from_year, to_year } = years();
    const six = await classOf(from_year, 6, 20);
    const next = await insertStandard(t.database.db, { grade_level: 7, academic_year: to_year });
    const body = {
      from_year,
      to_year,
      moves: [{ from_standard: six.standard.id, to_standard: next.id }],
    };

    const answers = await Promise.all([call('POST', YEAR_END, body), call('POST', YEAR_END, body)]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const moved = answers.map(
      (answer) => answer.json<{ data: YearEndResult }>().data.standards[0]?.moved,
    );
    expect(moved.sort()).toEqual([0, 20]);
    expect((await rowsOf(six.ids)).every((row) => row.standard_id === next.id)).toBe(true);
    const events = await t.database.db
      .selectFrom('history_events')
      .select('entity_id')
      .where('entity', '=', 'student')
      .where('entity_id', 'in', six.ids)
      .execute();
    expect(events).toHaveLength(20);
  });

  it('refuses to undo a year end when a roll number it freed has been taken since, writing nothing', async () => {
    const { from_year, to_year } = years();
    const six = await classOf(from_year, 6, 2);
    const next = await insertStandard(t.database.db, { grade_level: 7, academic_year: to_year });
    const result = await run({
      from_year,
      to_year,
      moves: [{ from_standard: six.standard.id, to_standard: next.id }],
    });
    await insertStudent(t.database.db, six.standard.id, { roll_number: '1' });

    const undo = await call('POST', undoPath(result.batch_id as string));

    expect(undo.statusCode).toBe(409);
    expect(undo.json<{ detail: string }>().detail).toBe(batchTexts.rollNumbersTaken);
    expect((await rowsOf(six.ids)).every((row) => row.standard_id === next.id)).toBe(true);
  });
});
