import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { apiPaths, buildPath, fieldTexts, validationTexts } from '@um/contract';
import { bearer, loginTokens, postJson } from './test/auth-helpers.js';
import { buildStudent, insertStandard, insertStudent, insertUser } from './test/factories.js';
import { dialects, useTestApp } from './test/harness.js';

/** The ways a looser reading turned other values into the ids 3, 1 and 6. */
const looseIds: unknown[] = ['0x3', '1e0', [6], true, ' 3', '3.0', '+3', ''];

function expectRefused(response: LightMyRequestResponse, field: string, text: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ status: 400, errors: { [field]: [text] } });
}

describe.each(dialects)('strict reading of requests on %s', (dialect) => {
  const t = useTestApp(dialect);

  async function signedIn() {
    const user = await insertUser(t.database.db);
    return bearer((await loginTokens(t.app, user.email)).access);
  }

  it('refuses the ids "0x3", "1e0", [6] and true with a 400 naming the field, and deletes no student', async () => {
    const auth = await signedIn();
    const standard = await insertStandard(t.database.db);
    const students = [];
    for (let index = 0; index < 6; index += 1) {
      students.push(await insertStudent(t.database.db, standard.id));
    }
    const remove = (payload: unknown) =>
      t.app.inject({
        method: 'DELETE',
        url: apiPaths.updateStudents,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    for (const id of [...looseIds, `0x${students[2]!.id.toString(16)}`, `${students[0]!.id}e0`]) {
      expectRefused(await remove({ id }), 'id', fieldTexts.idInvalid);
    }
    for (const id of ['0x3', '1e0', '']) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `${apiPaths.updateStudents}?id=${encodeURIComponent(id)}`,
        headers: auth,
      });
      expectRefused(response, 'id', fieldTexts.idInvalid);
    }
    const left = await t.database.db
      .selectFrom('students')
      .select('id')
      .where('standard_id', '=', standard.id)
      .execute();
    expect(left).toHaveLength(6);

    expect((await remove({ id: String(students[2]!.id) })).statusCode).toBe(204);
  });

  it('reads ids as strictly in paths, queries, updates and the standard a student belongs to', async () => {
    const auth = await signedIn();
    const standard = await insertStandard(t.database.db);
    const student = await insertStudent(t.database.db, standard.id);
    for (const id of ['0x3', '1e0', '1.0', '-1', '0']) {
      for (const [method, url] of [
        ['GET', `/management/students/${id}/`],
        ['GET', `/management/standard/${id}/`],
        ['DELETE', `/management/standard/${id}/`],
        ['PATCH', `/api/message/${id}/read/`],
        ['DELETE', `/api/message/${id}/`],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: auth });
        expectRefused(response, 'id', fieldTexts.idInvalid);
      }
      const filtered = await t.app.inject({
        method: 'GET',
        url: `${apiPaths.students}?standard=${id}`,
        headers: auth,
      });
      expectRefused(filtered, 'standard', fieldTexts.standardFilterInvalid);
    }
    for (const id of looseIds) {
      const update = await t.app.inject({
        method: 'PUT',
        url: apiPaths.updateStudents,
        headers: auth,
        payload: { ...buildStudent({ standard: standard.id }), id },
      });
      expectRefused(update, 'id', fieldTexts.idInvalid);
      const added = await postJson(
        t.app,
        apiPaths.updateStudents,
        { ...buildStudent(), standard: id },
        auth,
      );
      expectRefused(added, 'standard', fieldTexts.standardRequired);
    }
    const read = await t.app.inject({
      method: 'GET',
      url: buildPath(apiPaths.student, { id: String(student.id) }),
      headers: auth,
    });
    expect(read.statusCode).toBe(200);
  });

  it('answers a search over 100 characters, and every other refusal, with a sentence written for the person', async () => {
    const auth = await signedIn();
    const standard = await insertStandard(t.database.db);
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `${apiPaths.students}?${query}`, headers: auth });

    const search = await get(`q=${'x'.repeat(101)}`);
    expectRefused(search, 'q', fieldTexts.searchInvalid);
    expect(search.json().detail).toBe(fieldTexts.searchInvalid);

    expectRefused(await get('q=a&q=b'), 'q', fieldTexts.searchInvalid);
    expectRefused(await get('limit=0x10'), 'limit', fieldTexts.listLimitInvalid);
    expectRefused(await get('limit=201'), 'limit', fieldTexts.listLimitInvalid);
    expectRefused(await get(`cursor=${'x'.repeat(1025)}`), 'cursor', fieldTexts.cursorInvalid);
    const standards = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.standards}?limit=abc`,
      headers: auth,
    });
    expectRefused(standards, 'limit', fieldTexts.listLimitInvalid);

    const withStandard = buildStudent({ standard: standard.id });
    expectRefused(
      await postJson(t.app, apiPaths.updateStudents, { ...withStandard, address: 5 }, auth),
      'address',
      fieldTexts.addressNotText,
    );
    expectRefused(
      await postJson(
        t.app,
        apiPaths.standards,
        { name: 'Grade 9', grade_level: 9, description: 5 },
        auth,
      ),
      'description',
      fieldTexts.descriptionNotText,
    );
    expectRefused(
      await postJson(t.app, apiPaths.google, { token: 'x'.repeat(8193) }),
      'token',
      fieldTexts.tokenInvalid,
    );
    expectRefused(
      await postJson(t.app, apiPaths.updateStudents, { ...withStandard, is_admin: true }, auth),
      'is_admin',
      validationTexts.unknownFields(['is_admin']),
    );
    const notAnObject = await t.app.inject({
      method: 'POST',
      url: apiPaths.messages,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '["hello"]',
    });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().detail).toBe(validationTexts.bodyNotObject);
  });
});
