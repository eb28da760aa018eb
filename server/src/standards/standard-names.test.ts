import { beforeAll, describe, expect, it } from 'vitest';
import { currentAcademicYear, type ImportResult, type Standard } from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../test/harness.js';
import { buildStandard, insertStandard, loginAs, unique } from '../test/factories.js';

const STANDARDS = '/management/standard/';

describe.each(dialects)('standard names as people read them on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret));
  });

  const call = signedInCaller(t, () => headers);

  it('keeps a name trimmed with its inner spaces collapsed, as it was typed otherwise', async () => {
    const tag = unique('T');
    const response = await call(
      'POST',
      STANDARDS,
      buildStandard({ name: `  Grade 5   ${tag} `, academic_year: '2040' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: Standard }>().data.name).toBe(`Grade 5 ${tag}`);
  });

  it('answers 409 to a look-alike of another case or spacing in the same year, and allows it in another', async () => {
    const tag = unique('B');
    const name = `Grade 5 ${tag}`;
    expect(
      (await call('POST', STANDARDS, buildStandard({ name, academic_year: '2041' }))).statusCode,
    ).toBe(201);
    for (const lookAlike of [
      `grade 5 ${tag.toLowerCase()}`,
      `Grade  5 ${tag}`,
      ` GRADE 5\u00a0${tag}`,
    ]) {
      const clash = await call(
        'POST',
        STANDARDS,
        buildStandard({ name: lookAlike, academic_year: '2041' }),
      );
      expect(clash.statusCode, lookAlike).toBe(409);
      expect(clash.json()).toMatchObject({
        detail: `A standard named "${lookAlike.trim().replace(/\s+/g, ' ')}" already exists for 2041.`,
        errors: { name: [expect.any(String)] },
      });
    }
    const otherYear = await call(
      'POST',
      STANDARDS,
      buildStandard({ name: `grade 5  ${tag}`, academic_year: '2042' }),
    );
    expect(otherYear.statusCode).toBe(201);
  });

  it('answers 409 to renaming a standard to a look-alike of another of its year', async () => {
    const taken = await insertStandard(t.database.db, { academic_year: '2043' });
    const other = await insertStandard(t.database.db, { academic_year: '2043' });
    const renamed = await call(
      'PUT',
      `${STANDARDS}${other.id}/`,
      buildStandard({
        name: ` ${taken.name.toUpperCase().replace(' ', '   ')}`,
        academic_year: '2043',
      }),
    );
    expect(renamed.statusCode, renamed.body).toBe(409);
    const own = await call(
      'PUT',
      `${STANDARDS}${other.id}/`,
      buildStandard({ name: other.name.toLowerCase(), academic_year: '2043' }),
    );
    expect(own.statusCode, own.body).toBe(200);
  });

  it('creates one standard when look-alike names are sent at once; the others are 409', async () => {
    const tag = unique('R');
    const names = [
      `Grade 9 ${tag}`,
      `grade 9 ${tag}`,
      `Grade  9 ${tag}`,
      `GRADE 9 ${tag} `,
      ` Grade 9  ${tag}`,
      `grade   9 ${tag}`,
    ];
    const answers = await Promise.all(
      names.map((name) => call('POST', STANDARDS, buildStandard({ name, academic_year: '2044' }))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const stored = await t.database.db
      .selectFrom('standards')
      .select('name')
      .where('academic_year', '=', '2044')
      .where('name_key', '=', `grade 9 ${tag.toLowerCase()}`)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('matches a file writing a standard with other spacing and case to the existing one', async () => {
    const tag = unique('M');
    const standard = await insertStandard(t.database.db, {
      name: `Grade 5 ${tag}`,
      academic_year: currentAcademicYear(),
    });
    const file = `name,roll_number,standard\r\nAsha Rao,1,"grade 5  ${tag}"\r\nBen Lee,2," Grade  5 ${tag.toLowerCase()}"\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/management/students/import/',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: file,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ data: ImportResult }>().data;
    expect(result).toMatchObject({ created: 2, missing_standards: [], error_count: 0 });
    const students = await t.database.db
      .selectFrom('students')
      .select('standard_id')
      .where('name', 'in', ['Asha Rao', 'Ben Lee'])
      .where('roll_number', 'in', ['1', '2'])
      .where('standard_id', '=', standard.id)
      .execute();
    expect(students).toHaveLength(2);
  });

  it('offers a standard the file names twice with other spacing as one new standard', async () => {
    const tag = unique('N');
    const file = `name,roll_number,standard\r\nAsha Rao,1,Grade 6 ${tag}\r\nBen Lee,2,"grade 6  ${tag}"\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/management/students/import/?dry_run=true',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: file,
    });
    expect(response.json<{ data: ImportResult }>().data.missing_standards).toEqual([
      `Grade 6 ${tag}`,
    ]);
  });
});
