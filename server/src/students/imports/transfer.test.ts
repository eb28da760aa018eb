import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  currentAcademicYear,
  fieldTexts,
  studentCsvColumns,
  importTexts,
  type HistoryList,
  type ImportResult,
  type ImportUndoResult,
} from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../../test/harness.js';
import { insertStandard, insertStudent, loginAs, unique } from '../../test/factories.js';

const PROBLEM = /^application\/problem\+json/;
const HEADER = 'name,email,roll_number,standard,phone_number,address';
const IMPORT = '/management/students/import/';
const DRY_RUN = `${IMPORT}?dry_run=true`;

/** A CSV file from rows of cells, quoting every cell as RFC 4180 allows. */
const csv = (header: string, rows: readonly (readonly string[])[]) =>
  [header, ...rows.map((cells) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');

describe.each(dialects)('import and export of students as CSV on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret, { name: 'Meera Iyer' }));
  });

  const call = signedInCaller(t, () => headers);

  const upload = (url: string, body: string | Buffer, contentType = 'text/csv; charset=utf-8') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });

  async function imported(url: string, body: string, status = 200): Promise<ImportResult> {
    const response = await upload(url, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<{ data: ImportResult }>().data;
  }

  /** Every student row, live or in the bin, with every column: what "the table" holds. */
  const table = () => t.database.db.selectFrom('students').selectAll().orderBy('id').execute();

  /** The live students of a standard as a person sees them: their fields, by roll number. */
  async function liveFields(standardId: number) {
    const rows = await t.database.db
      .selectFrom('students')
      .select(['name', 'email', 'roll_number', 'standard_id', 'phone_number', 'address'])
      .where('standard_id', '=', standardId)
      .where('deleted_at', 'is', null)
      .orderBy('roll_number')
      .execute();
    return rows;
  }

  async function exported(query: string) {
    const response = await call('GET', `/management/students/export/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  /** A class of `count` students in a new standard, as CSV rows (standard by name). */
  function classRows(standardName: string, count: number) {
    const tag = unique();
    return Array.from({ length: count }, (_, index) => [
      `Pupil ${tag} ${index}`,
      `pupil.${tag}.${index}@pupils.test`,
      `R${index + 1}`,
      standardName,
      '+91 98765 43210',
      `${index} Park Street, Kolkata`,
    ]);
  }

  it('dry-runs a 5,000-row file to exactly its 3 wrong rows and 1 repeated roll number, refuses the commit writing nothing, and imports all 5,000 once they are fixed; a second import of the same file creates none', async () => {
    const standard = await insertStandard(t.database.db);
    const rows = classRows(standard.name, 5_000);
    const good = rows.map((cells) => [...cells]);
    rows[9]![1] = 'not-an-email'; // row 11
    rows[1999]![0] = ''; // row 2001
    rows[2999]![3] = 'No Such Standard'; // row 3001
    rows[4999]![2] = 'R17'; // row 5001, repeating row 18
    const before = await table();

    const dry = await imported(DRY_RUN, csv(HEADER, rows));
    expect(dry.errors).toEqual([
      {
        row: 11,
        field: 'email',
        message: importTexts.refusedValue(fieldTexts.emailInvalid, 'not-an-email'),
      },
      { row: 2001, field: 'name', message: fieldTexts.studentNameRequired },
      { row: 3001, field: 'standard', message: importTexts.standardNotFound('No Such Standard') },
      { row: 5001, field: 'roll_number', message: importTexts.rollNumberRepeated('R17', 18) },
    ]);
    expect(dry).toMatchObject({ dry_run: true, total: 5_000, created: 4_996, updated: 0 });
    expect(await table()).toEqual(before);

    const refused = await imported(IMPORT, csv(HEADER, rows), 422);
    expect(refused.dry_run).toBe(false);
    expect(refused.errors).toEqual(dry.errors);
    expect(await table()).toEqual(before);

    const committed = await imported(IMPORT, csv(HEADER, good));
    expect(committed).toMatchObject({
      dry_run: false,
      total: 5_000,
      created: 5_000,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    expect(await liveFields(standard.id)).toHaveLength(5_000);

    const again = await imported(IMPORT, csv(HEADER, good));
    expect(again).toMatchObject({ total: 5_000, created: 0, updated: 0, unchanged: 5_000 });
    expect(await liveFields(standard.id)).toHaveLength(5_000);
  }, 120_000);

  it('refuses a commit with a wrong row as problem JSON that carries the report under data', async () => {
    const standard = await insertStandard(t.database.db);
    const file = csv(HEADER, [['Asha Rao', 'not-an-email', 'W1', standard.name, '', '']]);
    const before = await table();
    const response = await upload(IMPORT, file);
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toMatch(PROBLEM);
    expect(response.json()).toMatchObject({
      type: 'urn:problem-type:import-refused',
      status: 422,
      detail: importTexts.refused(1),
      instance: IMPORT,
      data: {
        dry_run: false,
        error_count: 1,
        errors: [
          {
            row: 2,
            field: 'email',
            message: importTexts.refusedValue(fieldTexts.emailInvalid, 'not-an-email'),
          },
        ],
      },
    });
    expect(await table()).toEqual(before);
  });

  it('updates the live student a row names by standard and roll number, counts the unchanged, and records one import event per student under one import id', async () => {
    const standard = await insertStandard(t.database.db);
    const kept = await insertStudent(t.database.db, standard.id, { roll_number: 'A1' });
    const moved = await insertStudent(t.database.db, standard.id, { roll_number: 'A2' });
    const file = csv(HEADER, [
      [kept.name, kept.email, 'A1', standard.name, kept.phone_number, kept.address],
      [moved.name, moved.email, 'A2', String(standard.id), moved.phone_number, 'New Road 5'],
      ['Ravi Kumar', 'ravi@pupils.test', 'A3', standard.name, '', ''],
    ]);

    const result = await imported(IMPORT, file);
    expect(result).toMatchObject({ total: 3, created: 1, updated: 1, unchanged: 1, errors: [] });
    const [, second, third] = await liveFields(standard.id);
    expect(second).toMatchObject({ roll_number: 'A2', address: 'New Road 5', name: moved.name });
    expect(third).toMatchObject({ roll_number: 'A3', name: 'Ravi Kumar' });

    const history = await call('GET', `/management/students/${moved.id}/history/`);
    expect(history.json<HistoryList>().data[0]).toMatchObject({
      action: 'import',
      actor: { name: 'Meera Iyer' },
      changes: { address: { from: moved.address, to: 'New Road 5' } },
    });
    const events = await t.database.db
      .selectFrom('history_events')
      .select(['entity_id', 'action'])
      .where('import_id', '=', result.import_id)
      .execute();
    expect(events.map((event) => event.action)).toEqual(['import', 'import']);
    expect(events.map((event) => event.entity_id)).not.toContain(kept.id);
  });

  it('undoes an import so the table holds exactly what it held, then refuses a second undo', async () => {
    const standard = await insertStandard(t.database.db);
    for (const roll of ['U1', 'U2', 'U3']) {
      await insertStudent(t.database.db, standard.id, { roll_number: roll });
    }
    const before = await liveFields(standard.id);
    const rows = classRows(standard.name, 40);
    rows[0]![2] = 'U1';
    rows[1]![2] = 'U2';
    const result = await imported(IMPORT, csv(HEADER, rows));
    expect(result).toMatchObject({ created: 38, updated: 2 });
    expect(await liveFields(standard.id)).toHaveLength(41);

    const undo = await call('POST', `/management/imports/${result.import_id}/undo/`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<{ data: ImportUndoResult }>().data).toEqual({
      import_id: result.import_id,
      removed: 38,
      reverted: 2,
      removed_standards: 0,
    });
    expect(await liveFields(standard.id)).toEqual(before);
    const bin = await t.database.db
      .selectFrom('students')
      .select('id')
      .where('standard_id', '=', standard.id)
      .where('deleted_at', 'is not', null)
      .execute();
    expect(bin).toHaveLength(38);

    const twice = await call('POST', `/management/imports/${result.import_id}/undo`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ detail: importTexts.alreadyUndone });
    expect(await liveFields(standard.id)).toEqual(before);
  });

  it('refuses with 409 to undo an import after one of its students was edited, writing nothing', async () => {
    const standard = await insertStandard(t.database.db);
    const result = await imported(IMPORT, csv(HEADER, classRows(standard.name, 5)));
    const [student] = await t.database.db
      .selectFrom('students')
      .selectAll()
      .where('standard_id', '=', standard.id)
      .orderBy('id')
      .execute();
    const edit = await call('PUT', '/management/update_students/', {
      id: student!.id,
      name: 'Edited Later',
      email: student!.email,
      roll_number: student!.roll_number,
      standard: standard.id,
      version: student!.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = await table();

    const undo = await call('POST', `/management/imports/${result.import_id}/undo/`);
    expect(undo.statusCode).toBe(409);
    expect(undo.headers['content-type']).toMatch(PROBLEM);
    expect(undo.json()).toMatchObject({ detail: importTexts.changedSince(1) });
    expect(await table()).toEqual(before);
  });

  it('answers 404 for an import that never was and 400 for an id that is not one', async () => {
    const missing = await call('POST', `/management/imports/${crypto.randomUUID()}/undo/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: importTexts.importNotFound });
    expect((await call('POST', '/management/imports/42/undo/')).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV that imports back changing nothing, with formula cells guarded', async () => {
    const standard = await insertStandard(t.database.db);
    const other = await insertStandard(t.database.db);
    await insertStudent(t.database.db, standard.id, { name: '=HYPERLINK("http://x","y")' });
    await insertStudent(t.database.db, standard.id, {
      name: 'Asha, "Ash" Rao',
      address: 'Flat 2\nMG Road, Pune',
      phone_number: '+91 20 1234 5678',
    });
    await insertStudent(t.database.db, standard.id, { name: "'@already quoted" });
    await insertStudent(t.database.db, other.id, { name: 'Elsewhere' });
    const before = await table();

    const response = await exported(`standard=${standard.id}`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="students-${standard.name.replace(' ', '-')}-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${studentCsvColumns.join(',')}`);
    expect(response.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(response.body).toContain("''@already quoted");
    expect(response.body).toContain("'+91 20 1234 5678");
    expect(response.body).toContain('"Flat 2\nMG Road, Pune"');
    expect(response.body).not.toContain('Elsewhere');

    const result = await imported(IMPORT, response.body);
    expect(result).toMatchObject({ total: 3, created: 0, updated: 0, unchanged: 3, errors: [] });
    expect(await table()).toEqual(before);
  });

  it('writes no cell in which a CSV reader sees a new row begin, and guards every formula start', async () => {
    // Stored before single-line fields refused control characters, or by another path.
    const standard = await insertStandard(t.database.db);
    const cells = [
      ['Imported\n=2+3', 'one@pupils.test', 'R\r1', '+1 555', 'Flat 2\rMG Road'],
      ['=HYPERLINK("http://x")', '@two@pupils.test', '-3', '\t9', '\r=1+2'],
      ['Plain \u2028 name', 'three@pupils.test', 'R3', '', 'Line one\nLine two'],
    ];
    for (const [name, email, roll, phone, address] of cells) {
      await insertStudent(t.database.db, standard.id, {
        name,
        email,
        roll_number: roll,
        phone_number: phone,
        address,
      });
    }
    const response = await exported(`standard=${standard.id}`);
    // Read as a spreadsheet reads it, where any line break outside quotes starts a new row,
    // by a library of its own (the one the import used to read files with).
    const records = parseCsv(response.body, {
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][];
    expect(records).toHaveLength(1 + cells.length);
    const byEmail = new Map(records.slice(1).map((record) => [record[1], record]));
    expect(byEmail.get('one@pupils.test')?.slice(0, 6)).toEqual([
      'Imported\n=2+3',
      'one@pupils.test',
      'R\r1',
      standard.name,
      "'+1 555",
      'Flat 2\rMG Road',
    ]);
    expect(byEmail.get("'@two@pupils.test")?.slice(0, 6)).toEqual([
      '\'=HYPERLINK("http://x")',
      "'@two@pupils.test",
      "'-3",
      standard.name,
      "'\t9",
      "'\r=1+2",
    ]);
    expect(byEmail.get('three@pupils.test')?.[5]).toBe('Line one\nLine two');
  });

  it('refuses control characters in single-line fields, from the form and from a file alike', async () => {
    const standard = await insertStandard(t.database.db);
    const created = await call('POST', '/management/update_students/', {
      name: 'Imported\n=2+3',
      email: 'ctl@pupils.test',
      roll_number: 'R\t1',
      standard: standard.id,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      errors: {
        name: [fieldTexts.nameSingleLine],
        roll_number: [fieldTexts.rollNumberSingleLine],
      },
    });
    const result = await imported(
      DRY_RUN,
      csv(HEADER, [['Imported\n=2+3', 'ctl@pupils.test', 'R1', standard.name, '', '']]),
    );
    expect(result.errors).toEqual([
      {
        row: 2,
        field: 'name',
        message: importTexts.refusedValue(fieldTexts.nameSingleLine, 'Imported\n=2+3'),
      },
    ]);
  });

  it('exports what the search shows, in pages, and every page of a large list', async () => {
    const standard = await insertStandard(t.database.db);
    await imported(IMPORT, csv(HEADER, classRows(standard.name, 1_203)));
    await insertStudent(t.database.db, standard.id, { name: 'Zubin Findable' });

    const all = await exported(`standard=${standard.id}`);
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(1 + 1_204);
    const found = await exported(`standard=${standard.id}&q=findable`);
    expect(found.body.trimEnd().split('\r\n').slice(1)).toEqual([
      expect.stringMatching(/^Zubin Findable,/),
    ]);
    expect((await call('GET', '/management/students/export/?standard=x')).statusCode).toBe(400);
  });

  it('reads a byte order mark, columns in any order, quoted commas and line breaks, and leaves out optional columns and blank rows', async () => {
    const standard = await insertStandard(t.database.db);
    const body =
      '\uFEFFRoll Number,Standard,Name,Email,Address\r\n' +
      `B1,${standard.name},"Rao, Asha ""Ash""",asha@pupils.test,\r\n` +
      '\r\n' +
      `B2,${standard.name.toUpperCase()},Two,two@pupils.test,"Flat 2\nMG Road"\r\n` +
      `B3,${standard.name},=1+1,bad-email,\r\n`;
    const result = await imported(DRY_RUN, body);
    expect(result.total).toBe(3);
    expect(result.errors).toEqual([
      {
        row: 5,
        field: 'email',
        message: importTexts.refusedValue(fieldTexts.emailInvalid, 'bad-email'),
      },
    ]);

    const fixed = await imported(IMPORT, body.replace('bad-email', 'three@pupils.test'));
    expect(fixed).toMatchObject({ created: 3, errors: [] });
    expect((await liveFields(standard.id)).map((row) => [row.name, row.address])).toEqual([
      ['Rao, Asha "Ash"', ''],
      ['Two', 'Flat 2\nMG Road'],
      ['=1+1', ''],
    ]);
  });

  it('reads a name two academic years share as the newest year’s standard, and reports a row with the wrong number of cells and a name two standards of one year share', async () => {
    const name = unique('Twin ');
    await insertStandard(t.database.db, { name, academic_year: '2024' });
    await insertStandard(t.database.db, { name, academic_year: '2025' });
    // A look-alike kept from before names were compared without case (migration 0027).
    const lookAlike = await insertStandard(t.database.db, {
      name: unique('Kept '),
      academic_year: '2025',
    });
    await t.database.db
      .updateTable('standards')
      .set({ name: name.toUpperCase() })
      .where('id', '=', lookAlike.id)
      .execute();
    const older = unique('Once ');
    await insertStandard(t.database.db, { name: older, academic_year: '2023' });
    const newestOlder = await insertStandard(t.database.db, { name: older, academic_year: '2024' });
    const body = `${HEADER}\r\nOne,one@pupils.test,C1,${name},,\r\nShort,short@pupils.test\r\nTwo,two@pupils.test,C2,${older},,\r\n`;
    const result = await imported(DRY_RUN, body);
    expect(result.errors).toEqual([
      { row: 2, field: 'standard', message: importTexts.standardAmbiguous(name) },
      { row: 3, field: 'row', message: importTexts.cellCount(2, 6) },
    ]);
    expect(result.created).toBe(1);

    const email = `${unique('newest-')}@pupils.test`.toLowerCase();
    await imported(IMPORT, `${HEADER}\r\nTwo,${email},C2,${older},,\r\n`);
    const two = (await table()).find((row) => row.email === email);
    expect(two?.standard_id).toBe(newestOlder.id);
  });

  describe('refuses a file it cannot read with a 4xx problem and writes nothing', () => {
    const cases: [string, () => Promise<{ status: number; detail: string }>][] = [];
    const refusal = (body: string | Buffer, contentType?: string) => async () => {
      const response = await upload(IMPORT, body, contentType);
      expect(response.headers['content-type']).toMatch(PROBLEM);
      return { status: response.statusCode, detail: response.json<{ detail: string }>().detail };
    };
    cases.push(
      ['an empty file', refusal('')],
      ['a file of blank lines', refusal('\r\n\r\n')],
      ['a header without a required column', refusal('name,email,standard\r\nA,a@b.test,1\r\n')],
      ['unknown columns', refusal(`${HEADER},grade,Mobile\r\n`)],
      ['no header row', refusal('Asha,asha@pupils.test,R1,Grade 5\r\n')],
      ['a column named twice', refusal(`${HEADER},name\r\n`)],
      [
        'text that is not UTF-8',
        refusal(Buffer.from(`${HEADER}\r\nJos\xe9,j@p.test,1,G,,\r\n`, 'latin1')),
      ],
      ['a quote left open', refusal(`${HEADER}\r\n"Asha,a@p.test,R1,G,,\r\n`)],
      ['JSON instead of CSV', refusal('{"name":"x"}', 'application/json')],
      ['plain text', refusal('name', 'text/plain')],
      ['a file over 10 MB', refusal(`${HEADER}\r\n${'x'.repeat(10 * 1024 * 1024)}`)],
    );
    const expected: Record<string, [number, string]> = {
      'an empty file': [400, importTexts.empty],
      'a file of blank lines': [400, importTexts.empty],
      'a header without a required column': [400, importTexts.missingColumns(['roll_number'])],
      'unknown columns': [400, importTexts.unknownColumns(['grade', 'mobile'])],
      'no header row': [
        400,
        importTexts.unknownColumns(['asha', 'asha@pupils.test', 'r1', 'grade_5']),
      ],
      'a column named twice': [400, importTexts.repeatedColumns(['name'])],
      'text that is not UTF-8': [400, importTexts.notUtf8],
      'a quote left open': [400, importTexts.quoteNotClosed(2)],
      'JSON instead of CSV': [415, importTexts.notCsv],
      'plain text': [415, importTexts.notCsv],
      'a file over 10 MB': [413, importTexts.tooLarge],
    };
    it.each(cases)('%s', async (name, send) => {
      const before = await table();
      const { status, detail } = await send();
      expect([status, detail]).toEqual(expected[name]);
      expect(await table()).toEqual(before);
    });
  });

  it('asks for a signed-in user on every transfer path', async () => {
    for (const [method, url] of [
      ['GET', '/management/students/export/'],
      ['POST', IMPORT],
      ['POST', `/management/imports/${crypto.randomUUID()}/undo/`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'text/csv' },
        payload: HEADER,
      });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('adds the students of a file once when the same import is sent twice at once', async () => {
    const standard = await insertStandard(t.database.db);
    const body = csv(HEADER, classRows(standard.name, 300));
    const answers = await Promise.all([upload(IMPORT, body), upload(IMPORT, body)]);
    const results = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json<{ data: ImportResult }>().data);
    expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    expect(results.reduce((sum, result) => sum + result.created, 0)).toBe(300);
    expect(await liveFields(standard.id)).toHaveLength(300);
  });

  it('undoes an import once when two undos are sent at once', async () => {
    const standard = await insertStandard(t.database.db);
    const result = await imported(IMPORT, csv(HEADER, classRows(standard.name, 50)));
    const answers = await Promise.all([
      call('POST', `/management/imports/${result.import_id}/undo/`),
      call('POST', `/management/imports/${result.import_id}/undo/`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await liveFields(standard.id)).toEqual([]);
  });

  /** The live standards named `name`, as the database holds them. */
  const standardsNamed = (name: string) =>
    t.database.db
      .selectFrom('standards')
      .select(['id', 'name', 'grade_level', 'academic_year'])
      .where('name', '=', name)
      .where('deleted_at', 'is', null)
      .execute();

  const withNewStandards = (base: string, standards: unknown) =>
    `${base}${base.includes('?') ? '&' : '?'}create_standards=${encodeURIComponent(JSON.stringify(standards))}`;

  it('names the standards a file needs that do not exist, creates them with the import on request, and takes them back with its undo', async () => {
    const [seven, eight] = [`7-${unique()}`, `8-${unique()}`];
    const rows = [
      ...classRows(seven, 3),
      ...classRows(seven.toUpperCase(), 1).map((cells) => [
        ...cells.slice(0, 2),
        'R9',
        ...cells.slice(3),
      ]),
      ...classRows(eight, 2),
    ];
    const body = csv(HEADER, rows);

    const dry = await imported(DRY_RUN, body);
    expect(dry.missing_standards).toEqual([seven, eight]);
    expect(dry.error_count).toBe(6);

    const planned = [
      { name: seven, grade_level: 7 },
      { name: eight, grade_level: 8 },
    ];
    const previewed = await imported(withNewStandards(DRY_RUN, planned), body);
    expect(previewed).toMatchObject({ created: 6, error_count: 0, missing_standards: [] });
    expect(previewed.created_standards).toBe(0);
    expect(await standardsNamed(seven)).toEqual([]);

    const committed = await imported(withNewStandards(IMPORT, planned), body);
    expect(committed).toMatchObject({ created: 6, created_standards: 2, error_count: 0 });
    const [created] = await standardsNamed(seven);
    expect(created).toMatchObject({ grade_level: 7, academic_year: currentAcademicYear() });
    expect(await liveFields(created!.id)).toHaveLength(4);
    const history = await call('GET', `/management/standard/${created!.id}/history/`);
    expect(history.json<HistoryList>().data).toMatchObject([{ action: 'import' }]);

    const undo = await call('POST', `/management/imports/${committed.import_id}/undo/`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<{ data: ImportUndoResult }>().data).toMatchObject({
      removed: 6,
      removed_standards: 2,
    });
    expect(await standardsNamed(seven)).toEqual([]);
    expect(await standardsNamed(eight)).toEqual([]);
  });

  it('leaves a standard that already exists as it is when asked to create it, and refuses a create_standards that is not a list of standards', async () => {
    const standard = await insertStandard(t.database.db, { grade_level: 3 });
    const result = await imported(
      withNewStandards(IMPORT, [{ name: standard.name.toLowerCase(), grade_level: 9 }]),
      csv(HEADER, classRows(standard.name, 2)),
    );
    expect(result).toMatchObject({ created: 2, created_standards: 0 });
    expect(await standardsNamed(standard.name)).toMatchObject([{ grade_level: 3 }]);

    for (const value of [
      'not json',
      '{"name":"7A"}',
      '[{"name":"7A"}]',
      '[{"name":"","grade_level":7}]',
    ]) {
      const response = await upload(
        `${IMPORT}?create_standards=${encodeURIComponent(value)}`,
        csv(HEADER, classRows(standard.name, 1)),
      );
      expect(response.statusCode, value).toBe(400);
      expect(response.headers['content-type']).toMatch(PROBLEM);
    }
  });

  it('creates only the standards that the rows of the file name, however many more it is asked for', async () => {
    const used = `5-${unique()}`;
    const unused = Array.from({ length: 50 }, (_, index) => `unused-${index}-${unique()}`);
    const asked = [used, ...unused].map((name) => ({ name, grade_level: 5 }));
    const body = csv(HEADER, classRows(used, 2));
    const previewed = await imported(withNewStandards(DRY_RUN, asked), body);
    expect(previewed).toMatchObject({ created: 2, error_count: 0 });
    const result = await imported(withNewStandards(IMPORT, asked), body);
    expect(result).toMatchObject({ created: 2, created_standards: 1 });
    expect(await standardsNamed(used)).toHaveLength(1);
    for (const name of unused) expect(await standardsNamed(name)).toEqual([]);
  });

  it('refuses to undo an import whose new standard has since been given another student, writing nothing', async () => {
    const name = `9-${unique()}`;
    const result = await imported(
      withNewStandards(IMPORT, [{ name, grade_level: 9 }]),
      csv(HEADER, classRows(name, 2)),
    );
    const [standard] = await standardsNamed(name);
    await insertStudent(t.database.db, standard!.id);
    const before = await table();

    const undo = await call('POST', `/management/imports/${result.import_id}/undo/`);
    expect(undo.statusCode, undo.body).toBe(409);
    expect(undo.json()).toMatchObject({ detail: importTexts.standardsChangedSince([name]) });
    expect(await table()).toEqual(before);
    expect(await standardsNamed(name)).toHaveLength(1);
  });

  it('imports the valid rows and reports the skipped ones when told to skip the wrong rows, all in one undoable import', async () => {
    const standard = await insertStandard(t.database.db);
    const rows = classRows(standard.name, 10);
    rows[2]![1] = 'nobody-at-all';
    rows[5]![3] = 'Nowhere';
    rows[5]![0] = '';

    const result = await imported(`${IMPORT}?skip_invalid=true`, csv(HEADER, rows));
    expect(result).toMatchObject({ dry_run: false, created: 8, skipped: 2, error_count: 3 });
    expect(result.errors.map((error) => error.row)).toEqual([4, 7, 7]);
    expect(await liveFields(standard.id)).toHaveLength(8);

    const refused = await upload(IMPORT, csv(HEADER, rows));
    expect(refused.statusCode).toBe(422);

    const undo = await call('POST', `/management/imports/${result.import_id}/undo/`);
    expect(undo.json<{ data: ImportUndoResult }>().data).toMatchObject({ removed: 8 });
    expect(await liveFields(standard.id)).toEqual([]);
  });

  it('lists the import route in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/management/students/export/',
        '/management/students/import/',
        '/management/imports/{import_id}/undo/',
      ]),
    );
  });
});
