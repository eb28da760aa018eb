import { beforeAll, describe, expect, it } from 'vitest';
import { currentAcademicYear, type ImportResult, type Student } from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../../test/harness.js';
import { insertStandard, loginAs, unique } from '../../test/factories.js';

describe.each(dialects)("a father's and a mother's columns on %s", (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret));
  });
  const call = signedInCaller(t, () => headers);

  async function importFile(file: string): Promise<ImportResult> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/management/students/import/',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: file,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ImportResult }>().data;
  }

  async function guardiansOf(name: string) {
    const response = await call('GET', `/management/students/?q=${encodeURIComponent(name)}`);
    const [student] = response.json<{ data: Student[] }>().data;
    return student?.guardians.map(({ name, relation, phone, email, primary }) => ({
      name,
      relation,
      phone,
      email,
      primary,
    }));
  }

  it('gives a row two guardians with their relations, the father the primary contact, or the mother when he is not given', async () => {
    const standard = await insertStandard(t.database.db, { academic_year: currentAcademicYear() });
    const [both, motherOnly] = [unique('Both '), unique('Mother ')];
    const header =
      'name,roll_number,standard,father_name,father_phone,father_email,mother_name,mother_phone,mother_email';
    const result = await importFile(
      [
        header,
        `${both},1,${standard.name},Ravi Rao,+91 98450 11111,ravi@home.test,Sita Rao,+91 98450 22222,`,
        `${motherOnly},2,${standard.name},,,,Lata Das,+91 98450 33333,lata@home.test`,
      ].join('\r\n'),
    );
    expect(result).toMatchObject({ created: 2, error_count: 0 });
    expect(await guardiansOf(both)).toEqual([
      {
        name: 'Ravi Rao',
        relation: 'Father',
        phone: '+91 98450 11111',
        email: 'ravi@home.test',
        primary: true,
      },
      { name: 'Sita Rao', relation: 'Mother', phone: '+91 98450 22222', email: '', primary: false },
    ]);
    expect(await guardiansOf(motherOnly)).toEqual([
      {
        name: 'Lata Das',
        relation: 'Mother',
        phone: '+91 98450 33333',
        email: 'lata@home.test',
        primary: true,
      },
    ]);
  });

  it("names the parent's column of a wrong cell", async () => {
    const standard = await insertStandard(t.database.db, { academic_year: currentAcademicYear() });
    const response = await t.app.inject({
      method: 'POST',
      url: '/management/students/import/?dry_run=true',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: `name,roll_number,standard,mother_name,mother_email\r\n${unique('Pupil ')},1,${standard.name},Sita Rao,not-an-address\r\n`,
    });
    const result = response.json<{ data: ImportResult }>().data;
    expect(result.errors.map(({ row, field }) => ({ row, field }))).toEqual([
      { row: 2, field: 'mother_email' },
    ]);
  });
});
