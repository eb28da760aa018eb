import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  studentCsvColumns,
  type ImportResult,
  type ImportUndoResult,
  type Student,
} from '@um/contract';
import { dialects, useTestApp } from '../../test/harness.js';
import { insertStandard, insertStudent, loginAs, unique } from '../../test/factories.js';

const IMPORT = '/management/students/import/';
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The student record's columns in a file: what a school's spreadsheet holds (birth dates,
 * guardians, leavers) goes in through an import and comes back out of an export.
 */
describe.each(dialects)('the student record in CSV files on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret));
  });

  const upload = (url: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
      payload: body,
    });

  async function imported(body: string): Promise<ImportResult> {
    const response = await upload(IMPORT, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ImportResult }>().data;
  }

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

  async function students(standard: number, query = ''): Promise<Student[]> {
    const response = await get(`/management/students/?standard=${standard}&limit=200&${query}`);
    return response.json<{ data: Student[] }>().data;
  }

  it('imports birth dates, statuses and the primary guardian from a file with a byte order mark, and exports them back unchanged', async () => {
    const standard = await insertStandard(t.database.db);
    const tag = unique('z').toLowerCase();
    const file =
      '\uFEFF' +
      [
        'name,email,roll_number,standard,date_of_birth,admission_number,status,guardian_name,guardian_relation,guardian_phone,guardian_email',
        `Zoë ${tag},,9C-10,${standard.name},2015-04-01,A-${tag},active,Meera Rao,Mother,+91 98450 12345,meera@home.test`,
        `Ravi ${tag},ravi.${tag}@pupils.test,9C-2,${standard.name},,,left,,,,`,
        `Asha ${tag},,9C-1,${standard.name},2016-12-31,,,Vikram Rao,,,`,
      ].join('\r\n');
    const result = await imported(file);
    expect(result).toMatchObject({ created: 3, errors: [] });

    const active = await students(standard.id, 'sort=roll_number');
    expect(active.map((student) => student.roll_number)).toEqual(['9C-1', '9C-10']);
    expect(active[1]).toMatchObject({
      email: '',
      date_of_birth: '2015-04-01',
      admission_number: `A-${tag}`,
      guardians: [
        {
          name: 'Meera Rao',
          relation: 'Mother',
          phone: '+91 98450 12345',
          email: 'meera@home.test',
          primary: true,
        },
      ],
    });
    const left = await students(standard.id, 'status=left');
    expect(left).toMatchObject([{ roll_number: '9C-2', status: 'left', left_on: today() }]);

    const exported = await get(
      `/management/students/export/?standard=${standard.id}&sort=roll_number&status=all`,
    );
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="students-${standard.name.replace(' ', '-')}-${today()}.csv"`,
    );
    expect(exported.body.startsWith(`\uFEFF${studentCsvColumns.join(',')}\r\n`)).toBe(true);
    const records = parseCsv(exported.body, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(records.map((record) => record['roll_number'])).toEqual(['9C-1', '9C-2', '9C-10']);
    expect(records[2]).toMatchObject({
      name: `Zoë ${tag}`,
      date_of_birth: '2015-04-01',
      status: 'active',
      guardian_name: 'Meera Rao',
      guardian_relation: 'Mother',
      guardian_phone: "'+91 98450 12345",
      guardian_email: 'meera@home.test',
    });
    expect(records[1]).toMatchObject({ status: 'left', guardian_name: '' });

    const again = await imported(exported.body);
    expect(again).toMatchObject({ unchanged: 2, updated: 0, errors: [] });
    // The leaver holds no roll number any more, so the file's row for them adds a new student.
    expect(again.created).toBe(1);
  });

  it('names a wrong cell by its column, and gives a guardian only to a student who has none, which an undo takes back', async () => {
    const standard = await insertStandard(t.database.db);
    const blank = { phone_number: '', address: '' };
    const withGuardian = await insertStudent(
      t.database.db,
      standard.id,
      { roll_number: '1', ...blank },
      [{ name: 'Kept Guardian', relation: '', phone: '', email: '', primary: true }],
    );
    const without = await insertStudent(t.database.db, standard.id, { roll_number: '2', ...blank });

    const header = 'name,roll_number,standard,guardian_name,guardian_phone,date_of_birth';
    const wrong = await upload(
      `${IMPORT}?dry_run=true`,
      [header, `X,3,${standard.name},,12ab,2015-13-01`].join('\n'),
    );
    expect(
      wrong
        .json()
        .data.errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['date_of_birth', 'guardian_name', 'guardian_phone']);

    const result = await imported(
      [
        header,
        `${withGuardian.name},1,${standard.name},New Guardian,555 0101,`,
        `${without.name},2,${standard.name},New Guardian,555 0101,`,
      ].join('\n'),
    );
    expect(result).toMatchObject({ updated: 1, unchanged: 1 });
    const [first, second] = await students(standard.id, 'sort=roll_number');
    expect(first?.guardians.map((guardian) => guardian.name)).toEqual(['Kept Guardian']);
    expect(second?.guardians).toEqual([
      { name: 'New Guardian', relation: '', phone: '555 0101', email: '', primary: true },
    ]);
    const found = await get(`/management/students/?q=5550101&standard=${standard.id}`);
    expect(found.json().data.map((student: Student) => student.id)).toEqual([without.id]);

    const undone = await t.app.inject({
      method: 'POST',
      url: `/management/imports/${result.import_id}/undo/`,
      headers,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<{ data: ImportUndoResult }>().data).toMatchObject({ reverted: 1 });
    const [, reverted] = await students(standard.id, 'sort=roll_number');
    expect(reverted?.guardians).toEqual([]);
    const gone = await get(`/management/students/?q=5550101&standard=${standard.id}`);
    expect(gone.json().data).toEqual([]);
  });

  it('names an unfiltered export after the day alone', async () => {
    const response = await get('/management/students/export/');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="students-${today()}.csv"`,
    );
  });
});
