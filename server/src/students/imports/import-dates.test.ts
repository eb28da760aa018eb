import { beforeAll, describe, expect, it } from 'vitest';
import { currentAcademicYear, importTexts, type ImportResult } from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../../test/harness.js';
import { insertStandard, loginAs, unique } from '../../test/factories.js';

const IMPORT = '/management/students/import/';
const HEADER = 'name,roll_number,standard,admission_number,date_of_birth';

/** A day of 2014 as an office writes it (DD/MM/YYYY) and as it is kept (YYYY-MM-DD). */
function birthday(index: number) {
  const date = new Date(Date.UTC(2014, 0, 1) + (index % 365) * 86_400_000);
  const [year, month, day] = date.toISOString().slice(0, 10).split('-');
  return { office: `${day}/${month}/${year}`, iso: `${year}-${month}-${day}` };
}

describe.each(dialects)('dates of birth written as the office writes them, on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret));
  });
  const call = signedInCaller(t, () => headers);

  async function upload(query: string, body: string, status = 200): Promise<ImportResult> {
    const response = await t.app.inject({
      method: 'POST',
      url: `${IMPORT}?${query}`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(status);
    return response.json<{ data: ImportResult }>().data;
  }

  it('imports a sheet of 600 students with DD/MM/YYYY dates, and its export imports back changing nothing', async () => {
    const standard = await insertStandard(t.database.db, { academic_year: currentAcademicYear() });
    const tag = unique('D');
    const rows = Array.from({ length: 600 }, (_, index) => [
      `Pupil ${tag} ${index}`,
      String(index + 1),
      standard.name,
      `${tag}-${index}`,
      birthday(index).office,
    ]);
    const file = [HEADER, ...rows.map((cells) => cells.join(','))].join('\r\n');

    const asIso = await upload('dry_run=true', file);
    expect(asIso.error_count).toBe(600);
    expect(asIso.errors[0]?.field).toBe('date_of_birth');

    const checked = await upload('dry_run=true&date_format=DD/MM/YYYY', file);
    expect(checked).toMatchObject({ created: 600, error_count: 0 });
    const done = await upload('date_format=DD%2FMM%2FYYYY', file);
    expect(done).toMatchObject({ created: 600, error_count: 0 });

    const stored = await t.database.db
      .selectFrom('students')
      .select(['admission_number', 'date_of_birth'])
      .where('standard_id', '=', standard.id)
      .orderBy('id')
      .execute();
    expect(stored).toEqual(
      rows.map((_, index) => ({
        admission_number: `${tag}-${index}`,
        date_of_birth: birthday(index).iso,
      })),
    );

    const before = await t.database.db
      .selectFrom('students')
      .selectAll()
      .where('standard_id', '=', standard.id)
      .orderBy('id')
      .execute();
    const exported = await call('GET', `/management/students/export/?standard=${standard.id}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(birthday(25).iso);
    const again = await upload('', exported.body);
    expect(again).toMatchObject({ total: 600, created: 0, updated: 0, unchanged: 600 });
    const after = await t.database.db
      .selectFrom('students')
      .selectAll()
      .where('standard_id', '=', standard.id)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });

  it('reads MM/DD/YYYY dates month first, and names the chosen format for a date not in it', async () => {
    const standard = await insertStandard(t.database.db, { academic_year: currentAcademicYear() });
    const file = [
      HEADER,
      `Asha ${unique()},1,${standard.name},,01/26/2014`,
      `Ben ${unique()},2,${standard.name},,26/01/2014`,
    ].join('\r\n');
    const result = await upload('dry_run=true&date_format=MM/DD/YYYY', file);
    expect(result.errors).toEqual([
      {
        row: 3,
        field: 'date_of_birth',
        message: importTexts.refusedValue(importTexts.dateNotInFormat('MM/DD/YYYY'), '26/01/2014'),
      },
    ]);
  });

  it('refuses a date format it does not know with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${IMPORT}?dry_run=true&date_format=DD.MM.YY`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: `${HEADER}\r\n`,
    });
    expect(response.statusCode).toBe(400);
  });
});
