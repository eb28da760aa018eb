import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RosterAccess } from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../test/harness.js';
import { loginAs } from '../test/factories.js';
import { csvText, headers as csvHeaders } from './csv.js';
import {
  buildSampleSchool,
  dataFiles,
  readZip,
  recordsOf,
  unresolvedReferences,
  type SampleSchool,
} from '../test/oneroster.js';

const EXPORT = '/management/oneroster/export.zip';
const SAMPLE = fileURLToPath(new URL('./fixtures/sample-school.zip', import.meta.url));
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The zip's files with every UUID named by the order it first appears in: what stays fixed. */
function normalised(zip: Map<string, string[][]>): Record<string, string[][]> {
  const names = new Map<string, string>();
  const files: Record<string, string[][]> = {};
  for (const file of ['manifest.csv', ...dataFiles]) {
    files[file] = (zip.get(file) ?? []).map((row) =>
      row.map((cell) =>
        cell.replace(UUID, (id) => {
          if (!names.has(id)) names.set(id, `id-${names.size + 1}`);
          return names.get(id)!;
        }),
      ),
    );
  }
  return files;
}

describe.each(dialects)('the OneRoster export on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  let admin: number;
  let school: SampleSchool;
  beforeAll(async () => {
    const signedIn = await loginAs(t.database.db, t.config.jwtSecret, {
      name: 'Head Office',
      role: 'admin',
    });
    headers = signedIn.headers;
    admin = signedIn.user.id;
    school = await buildSampleSchool(t.database.db, call);
  });
  const call = signedInCaller(t, () => headers);

  async function exported(query = '') {
    const response = await t.app.inject({ method: 'GET', url: `${EXPORT}${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return { response, zip: readZip(response.rawPayload) };
  }

  it('gives a zip of the manifest and the eight files, every heading in OneRoster 1.2 order, named and typed as a zip', async () => {
    const { response, zip } = await exported();
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="oneroster-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect([...zip.keys()].sort()).toEqual(['manifest.csv', ...dataFiles].sort());
    expect(zip.get('orgs.csv')![0]).toEqual([
      'sourcedId',
      'status',
      'dateLastModified',
      'name',
      'type',
      'identifier',
      'parentSourcedId',
    ]);
    expect(zip.get('users.csv')![0]).toEqual([
      'sourcedId',
      'status',
      'dateLastModified',
      'enabledUser',
      'username',
      'userIds',
      'givenName',
      'familyName',
      'middleName',
      'identifier',
      'email',
      'sms',
      'phone',
      'agentSourcedIds',
      'grades',
      'password',
      'userMasterIdentifier',
      'preferredGivenName',
      'preferredMiddleName',
      'preferredFamilyName',
      'primaryOrgSourcedId',
      'pronouns',
    ]);
    expect(zip.get('roles.csv')![0]).toEqual([
      'sourcedId',
      'status',
      'dateLastModified',
      'userSourcedId',
      'roleType',
      'role',
      'beginDate',
      'endDate',
      'orgSourcedId',
      'userProfileSourcedId',
    ]);
    expect(zip.get('enrollments.csv')![0]).toEqual([
      'sourcedId',
      'status',
      'dateLastModified',
      'classSourcedId',
      'schoolSourcedId',
      'userSourcedId',
      'role',
      'primary',
      'beginDate',
      'endDate',
    ]);
    for (const file of dataFiles) {
      expect(zip.get(file)![0], file).toEqual([...csvHeaders[file as keyof typeof csvHeaders]]);
    }
    const manifest = Object.fromEntries(zip.get('manifest.csv')!.slice(1));
    expect(zip.get('manifest.csv')![0]).toEqual(['propertyName', 'value']);
    expect(manifest).toMatchObject({
      'manifest.version': '1.0',
      'oneroster.version': '1.2',
      'file.users': 'bulk',
      'file.roles': 'bulk',
      'file.demographics': 'bulk',
      'file.results': 'absent',
      'file.userProfiles': 'absent',
    });
    // A bulk file leaves status and dateLastModified blank.
    for (const file of dataFiles) {
      for (const row of recordsOf(zip, file)) {
        expect([row['status'], row['dateLastModified']], file).toEqual(['', '']);
      }
    }
  });

  it('matches the sample school committed with the tests, every reference resolving inside the zip', async () => {
    const { zip } = await exported();
    expect(unresolvedReferences(zip)).toEqual([]);
    const files = normalised(zip);
    if (process.env['UPDATE_ONEROSTER_SAMPLE'] === '1' && dialect === 'sqlite') {
      writeFileSync(
        SAMPLE,
        zipSync(
          Object.fromEntries(
            Object.entries(files).map(([name, rows]) => [name, strToU8(csvText(rows))]),
          ),
        ),
      );
    }
    const sample = readZip(readFileSync(SAMPLE));
    expect(files).toEqual(normalised(sample));
  });

  it('writes guardians as parent and guardian users linked through agentSourcedIds, leavers as disabled users without an enrollment', async () => {
    const { zip } = await exported();
    const users = recordsOf(zip, 'users.csv');
    const roles = new Map(recordsOf(zip, 'roles.csv').map((row) => [row['userSourcedId'], row]));
    const byName = (given: string) => users.find((user) => user['givenName'] === given)!;
    const asha = byName('Asha');
    const meera = byName('Meera');
    const vikram = byName('Vikram');
    const li = byName('Li');
    expect(asha).toMatchObject({
      familyName: 'Rao',
      identifier: 'A-101',
      grades: '05',
      enabledUser: 'true',
    });
    expect(asha['agentSourcedIds']!.split(',').sort()).toEqual(
      [meera['sourcedId'], vikram['sourcedId']].sort(),
    );
    expect(meera).toMatchObject({
      agentSourcedIds: asha['sourcedId'],
      email: 'meera@home.test',
      username: 'meera@home.test',
    });
    expect(roles.get(meera['sourcedId'])).toMatchObject({ role: 'parent', roleType: 'primary' });
    expect(roles.get(li['sourcedId'])).toMatchObject({ role: 'guardian' });
    expect(roles.get(asha['sourcedId'])).toMatchObject({ role: 'student' });
    expect(roles.get(byName('Priya')['sourcedId'])).toMatchObject({ role: 'teacher' });

    const dara = byName('Dara');
    expect(dara).toMatchObject({ givenName: 'Dara', familyName: 'Dara', enabledUser: 'false' });
    const enrolled = recordsOf(zip, 'enrollments.csv').map((row) => row['userSourcedId']);
    expect(enrolled).not.toContain(dara['sourcedId']);
    expect(enrolled).toContain(asha['sourcedId']);
    const demographics = recordsOf(zip, 'demographics.csv');
    expect(demographics.find((row) => row['sourcedId'] === asha['sourcedId'])?.['birthDate']).toBe(
      '2016-04-02',
    );
  });

  it('keeps every sourcedId through a year end, an import and its undo, and a delete and restore', async () => {
    const ids = async () => {
      const { zip } = await exported();
      return new Map(
        recordsOf(zip, 'users.csv').map((row) => [
          `${row['givenName']} ${row['familyName']}`,
          row['sourcedId'],
        ]),
      );
    };
    const classIds = async () => {
      const { zip } = await exported();
      return new Map(recordsOf(zip, 'classes.csv').map((row) => [row['title'], row['sourcedId']]));
    };
    const before = await ids();
    const classesBefore = await classIds();

    const yearEnd = await call('POST', '/management/year-end/', {
      from_year: '2026',
      to_year: '2027',
      moves: [
        { from_standard: school.standards.roses, to_new: { name: '6 Roses', grade_level: 6 } },
        { from_standard: school.standards.lilies, graduate: true },
      ],
      keep: [],
    });
    expect(yearEnd.statusCode, yearEnd.body).toBe(200);
    const afterYearEnd = await ids();
    for (const [name, id] of before) expect(afterYearEnd.get(name), name).toBe(id);
    const classesAfter = await classIds();
    expect(classesAfter.get('5 Roses')).toBe(classesBefore.get('5 Roses'));
    expect(classesAfter.get('6 Roses')).toMatch(UUID);
    expect([...classesBefore.values()]).not.toContain(classesAfter.get('6 Roses'));

    const file = 'name,roll_number,standard\r\nBen Lee Junior,2,6 Roses\r\nEve Adams,9,6 Roses\r\n';
    const imported = await t.app.inject({
      method: 'POST',
      url: '/management/students/import/',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: file,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const { import_id } = imported.json<{ data: { import_id: string } }>().data;
    expect((await ids()).get('Ben Lee Junior')).toBe(before.get('Ben Lee'));
    const undone = await call('POST', `/management/imports/${import_id}/undo/`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await ids()).toEqual(afterYearEnd);

    const deleted = await call(
      'DELETE',
      `/management/update_students/?id=${school.students.asha.id}`,
    );
    expect(deleted.statusCode).toBe(204);
    expect((await ids()).has('Asha Rao')).toBe(false);
    const restored = await call(
      'POST',
      `/management/deleted/student/${school.students.asha.id}/restore/`,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await ids()).toEqual(afterYearEnd);
  });

  it('gives a delta of what changed since, with a deleted student, their guardians and enrollment as tobedeleted, every reference resolving', async () => {
    const since = new Date(Date.now() - 1).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { zip: bulk } = await exported();
    const bulkUsers = recordsOf(bulk, 'users.csv');
    const ben = bulkUsers.find((row) => row['givenName'] === 'Ben')!;
    const chen = bulkUsers.find((row) => row['givenName'] === 'Chen')!;
    const li = bulkUsers.find((row) => row['givenName'] === 'Li')!;
    const benEnrollments = recordsOf(bulk, 'enrollments.csv').filter(
      (row) => row['userSourcedId'] === ben['sourcedId'],
    );
    expect(benEnrollments).toHaveLength(1);

    // Asha is renamed, Ben (in a class) and Chen (who graduated) are deleted, and 5 Roses loses
    // its teacher.
    const asha = (await call('GET', `/management/students/${school.students.asha.id}/`)).json()
      .data;
    const { id, version, created_at: _created, updated_at: _updated, ...fields } = asha;
    const rename = await call('PUT', '/management/update_students/', {
      ...fields,
      id,
      version,
      name: 'Asha Rao Menon',
    });
    expect(rename.statusCode, rename.body).toBe(200);
    for (const student of [school.students.ben, school.students.chen]) {
      const deleted = await call('DELETE', `/management/update_students/?id=${student.id}`);
      expect(deleted.statusCode).toBe(204);
    }
    const roses = (await call('GET', `/management/standard/${school.standards.roses}/`)).json()
      .data;
    const noTeacher = await call('PUT', `/management/standard/${roses.id}/`, {
      name: roses.name,
      grade_level: roses.grade_level,
      academic_year: roses.academic_year,
      teacher_ids: [],
    });
    expect(noTeacher.statusCode).toBe(200);

    const { response, zip } = await exported(`?since=${encodeURIComponent(since)}`);
    expect(response.headers['content-disposition']).toMatch(/oneroster-changes-/);
    const manifest = Object.fromEntries(zip.get('manifest.csv')!.slice(1));
    expect(manifest['file.users']).toBe('delta');
    const users = recordsOf(zip, 'users.csv');
    const status = (id: string | undefined) =>
      users.find((row) => row['sourcedId'] === id)?.['status'];
    expect(status(ben['sourcedId'])).toBe('tobedeleted');
    expect(status(chen['sourcedId'])).toBe('tobedeleted');
    expect(status(li['sourcedId'])).toBe('tobedeleted');
    const ashaRow = users.find((row) => row['givenName'] === 'Asha Rao')!;
    expect(ashaRow).toMatchObject({ status: 'active', familyName: 'Menon' });
    expect(ashaRow['dateLastModified']! > since).toBe(true);
    expect(users.find((row) => row['givenName'] === 'Dara')).toBeUndefined();
    const enrollments = recordsOf(zip, 'enrollments.csv');
    expect(
      enrollments.find((row) => row['sourcedId'] === benEnrollments[0]!['sourcedId'])?.['status'],
    ).toBe('tobedeleted');
    const priyaRoses = enrollments.filter(
      (row) => row['role'] === 'teacher' && row['status'] === 'tobedeleted',
    );
    expect(priyaRoses).toHaveLength(1);
    for (const file of dataFiles) {
      for (const row of recordsOf(zip, file)) {
        expect(['active', 'tobedeleted'], file).toContain(row['status']);
        expect(row['dateLastModified'], file).toMatch(
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
        );
      }
    }
    expect(
      recordsOf(zip, 'roles.csv').find((row) => row['userSourcedId'] === chen['sourcedId'])?.[
        'status'
      ],
    ).toBe('tobedeleted');
    expect(unresolvedReferences(zip)).toEqual([]);

    const later = await exported(`?since=${encodeURIComponent(new Date().toISOString())}`);
    for (const file of dataFiles) expect(recordsOf(later.zip, file), file).toEqual([]);
  });

  it('still names a student deleted since and purged from the bin since, through the tombstone the purge left', async () => {
    const since = new Date(Date.now() - 1).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { zip: bulk } = await exported();
    const asha = recordsOf(bulk, 'users.csv').find((row) => row['identifier'] === 'A-101')!;
    await call('DELETE', `/management/update_students/?id=${school.students.asha.id}`);
    const erased = await call('DELETE', `/management/deleted/student/${school.students.asha.id}/`);
    expect(erased.statusCode, erased.body).toBe(204);
    const { zip } = await exported(`?since=${encodeURIComponent(since)}`);
    const users = recordsOf(zip, 'users.csv');
    expect(users.find((row) => row['sourcedId'] === asha['sourcedId'])).toMatchObject({
      status: 'tobedeleted',
    });
    const guardians = users.filter(
      (row) => row['status'] === 'tobedeleted' && row['sourcedId'] !== asha['sourcedId'],
    );
    expect(guardians.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a since that is not a time or lies ahead, with 400 naming since', async () => {
    for (const since of [
      'yesterday',
      '2026-13-01',
      new Date(Date.now() + 86_400_000).toISOString(),
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${EXPORT}?since=${encodeURIComponent(since)}`,
        headers,
      });
      expect(response.statusCode, since).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['since']);
    }
  });

  it('lets only an admin export, and records every export in the log of who received what, by student', async () => {
    const staff = await loginAs(t.database.db, t.config.jwtSecret, { role: 'staff' });
    const refused = await t.app.inject({ method: 'GET', url: EXPORT, headers: staff.headers });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/api/roster-access/')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/roster-access/', headers: staff.headers }))
        .statusCode,
    ).toBe(403);

    const other = await call('POST', '/management/update_students/', {
      name: 'Never Shared',
      email: '',
      roll_number: '77',
      standard: school.standards.lilies,
    });
    expect(other.statusCode, other.body).toBe(201);
    const log = await call(
      'GET',
      `/api/roster-access/?student=${school.students.ben.id}&limit=200`,
    );
    const events = log.json<{ data: RosterAccess[] }>().data;
    expect(events.length).toBeGreaterThan(3);
    expect(events[0]).toMatchObject({
      actor: { kind: 'user', id: admin, name: 'Head Office' },
      what: expect.stringMatching(/^OneRoster export/),
    });
    expect(events[0]!.records).toBeGreaterThan(0);
    const none = await call('GET', `/api/roster-access/?student=${other.json().data.id}`);
    expect(none.json().data).toEqual([]);
  });
});
