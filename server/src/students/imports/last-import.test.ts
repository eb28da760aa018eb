import { describe, expect, it } from 'vitest';
import type { ImportResult, LastImport } from '@um/contract';
import { dialects, useTestApp } from '../../test/harness.js';
import { insertStandard, insertStudent, loginAs, unique } from '../../test/factories.js';

const HEADER = 'name,email,roll_number,standard,phone_number,address';
const IMPORT = '/management/students/import/';
const LAST = '/management/imports/last/';

describe.each(dialects)("the school's last import on %s", (dialect) => {
  const t = useTestApp(dialect);

  const as = async (name: string) =>
    (await loginAs(t.database.db, t.config.jwtSecret, { name, password: null })).headers;

  const get = async (headers: Record<string, string>, url = LAST) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: LastImport | null }>().data;
  };

  async function importRows(headers: Record<string, string>, standard: string, rolls: string[]) {
    const tag = unique();
    const body = [
      HEADER,
      ...rolls.map(
        (roll) => `Pupil ${tag} ${roll},p.${tag}.${roll}@pupils.test,${roll},${standard},,`,
      ),
    ].join('\r\n');
    const response = await t.app.inject({
      method: 'POST',
      url: IMPORT,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ImportResult }>().data;
  }

  it('is null before anything was imported, then names the newest import, who made it, when and how many students it added or updated', async () => {
    const meera = await as('Meera Iyer');
    expect(await get(meera)).toBeNull();

    const standard = await insertStandard(t.database.db);
    await insertStudent(t.database.db, standard.id, { roll_number: 'A1' });
    const first = await importRows(meera, standard.name, ['A1', 'A2', 'A3']);
    const tom = await as('Tom Okafor');
    const second = await importRows(tom, standard.name, ['B1', 'B2']);
    // Edits and a dry run since are not imports.
    const dry = await t.app.inject({
      method: 'POST',
      url: `${IMPORT}?dry_run=true`,
      headers: { ...meera, 'content-type': 'text/csv' },
      payload: `${HEADER}\r\nDry Run,dry@pupils.test,C1,${standard.name},,`,
    });
    expect(dry.statusCode).toBe(200);

    expect(first).toMatchObject({ created: 2, updated: 1 });
    const last = await get(meera, '/management/imports/last');
    expect(last).toEqual({
      import_id: second.import_id,
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      actor: { id: expect.any(Number), name: 'Tom Okafor' },
      students: 2,
      undone: false,
    });
  });

  it('says when the last import was undone, and still counts its students', async () => {
    const headers = await as('Meera Iyer');
    const standard = await insertStandard(t.database.db);
    const result = await importRows(headers, standard.name, ['U1', 'U2', 'U3', 'U4']);
    const undo = await t.app.inject({
      method: 'POST',
      url: `/management/imports/${result.import_id}/undo/`,
      headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await get(headers)).toMatchObject({
      import_id: result.import_id,
      students: 4,
      undone: true,
    });
  });
});
