import { beforeAll, describe, expect, it } from 'vitest';
import { ONEROSTER_BASE_PATH, ONEROSTER_SCOPE, type RosterAccess } from '@um/contract';
import { dialects, signedInCaller, useTestApp } from '../test/harness.js';
import { loginAs } from '../test/factories.js';
import { buildSampleSchool, readZip, recordsOf, type SampleSchool } from '../test/oneroster.js';

const BASE = ONEROSTER_BASE_PATH;
type Json = Record<string, unknown> & { sourcedId: string };

describe.each(dialects)('the OneRoster REST API on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  let school: SampleSchool;
  let token: string;
  let clientId: number;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret, { role: 'admin' }));
    school = await buildSampleSchool(t.database.db, call);
    const created = await call('POST', '/api/api-clients/', { name: 'Reading app' });
    const client = created.json().data;
    clientId = client.id;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.client_id,
        client_secret: client.client_secret,
        scope: ONEROSTER_SCOPE,
      }).toString(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    token = answer.json().access_token;
  });
  const call = signedInCaller(t, () => headers);
  const read = (path: string, bearer = token) =>
    t.app.inject({
      method: 'GET',
      url: `${BASE}${path}`,
      headers: { authorization: `Bearer ${bearer}` },
    });

  async function all(collection: string, wrapper = collection, query = ''): Promise<Json[]> {
    const response = await read(`/${collection}?limit=1000${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json()[wrapper];
  }

  it('agrees with the zip: the same records, collection by collection, field by field', async () => {
    const zip = readZip(
      (await t.app.inject({ method: 'GET', url: '/management/oneroster/export.zip', headers }))
        .rawPayload,
    );
    const ids = (file: string) =>
      recordsOf(zip, file)
        .map((row) => row['sourcedId'])
        .sort();
    const sorted = (records: Json[]) => records.map((record) => record.sourcedId).sort();
    expect(sorted(await all('orgs'))).toEqual(ids('orgs.csv'));
    expect(sorted(await all('schools', 'orgs'))).toEqual(ids('orgs.csv'));
    expect(sorted(await all('academicSessions'))).toEqual(ids('academicSessions.csv'));
    expect(sorted(await all('courses'))).toEqual(ids('courses.csv'));
    expect(sorted(await all('classes'))).toEqual(ids('classes.csv'));
    expect(sorted(await all('users'))).toEqual(ids('users.csv'));
    expect(sorted(await all('enrollments'))).toEqual(ids('enrollments.csv'));

    const roles = new Map(
      recordsOf(zip, 'roles.csv').map((row) => [row['userSourcedId'], row['role']]),
    );
    const students = recordsOf(zip, 'users.csv').filter(
      (row) => roles.get(row['sourcedId']) === 'student',
    );
    const teachers = recordsOf(zip, 'users.csv').filter(
      (row) => roles.get(row['sourcedId']) === 'teacher',
    );
    expect(sorted(await all('students', 'users'))).toEqual(
      students.map((row) => row['sourcedId']).sort(),
    );
    expect(sorted(await all('teachers', 'users'))).toEqual(
      teachers.map((row) => row['sourcedId']).sort(),
    );

    const users = new Map((await all('users')).map((user) => [user.sourcedId, user]));
    for (const row of recordsOf(zip, 'users.csv')) {
      const user = users.get(row['sourcedId']!)!;
      expect(
        {
          enabledUser: user['enabledUser'],
          username: user['username'],
          givenName: user['givenName'],
          familyName: user['familyName'],
          identifier: user['identifier'],
          email: user['email'],
          phone: user['phone'],
          agentSourcedIds: (user['agents'] as Json[]).map((agent) => agent.sourcedId).join(','),
          grades: (user['grades'] as string[]).join(','),
          primaryOrgSourcedId: (user['primaryOrg'] as Json).sourcedId,
          role: (user['roles'] as { role: string }[])[0]!.role,
        },
        row['givenName'],
      ).toEqual({
        enabledUser: row['enabledUser'],
        username: row['username'],
        givenName: row['givenName'],
        familyName: row['familyName'],
        identifier: row['identifier'],
        email: row['email'],
        phone: row['phone'],
        agentSourcedIds: row['agentSourcedIds'],
        grades: row['grades'],
        primaryOrgSourcedId: row['primaryOrgSourcedId'],
        role: roles.get(row['sourcedId']),
      });
    }
    const enrollments = new Map((await all('enrollments')).map((item) => [item.sourcedId, item]));
    for (const row of recordsOf(zip, 'enrollments.csv')) {
      const enrollment = enrollments.get(row['sourcedId']!)!;
      expect([
        (enrollment['class'] as Json).sourcedId,
        (enrollment['user'] as Json).sourcedId,
        enrollment['role'],
        enrollment['primary'],
      ]).toEqual([row['classSourcedId'], row['userSourcedId'], row['role'], row['primary']]);
    }
    const classes = new Map((await all('classes')).map((item) => [item.sourcedId, item]));
    for (const row of recordsOf(zip, 'classes.csv')) {
      const item = classes.get(row['sourcedId']!)!;
      expect([
        item['title'],
        (item['course'] as Json).sourcedId,
        (item['terms'] as Json[])[0]!.sourcedId,
      ]).toEqual([row['title'], row['courseSourcedId'], row['termSourcedIds']]);
    }
  });

  it('answers one record by sourcedId in its envelope, and 404 in OneRoster JSON for an unknown one', async () => {
    const [user] = await all('users');
    const one = await read(`/users/${user!.sourcedId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ user });
    const missing = await read('/users/not-a-user');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.json()).toEqual({
      imsx_codeMajor: 'failure',
      imsx_severity: 'error',
      imsx_description: expect.any(String),
      imsx_CodeMinor: {
        imsx_codeMinorField: [
          { imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: 'unknownobject' },
        ],
      },
    });
    const teacher = (await all('teachers', 'users'))[0]!;
    expect((await read(`/students/${teacher.sourcedId}`)).statusCode).toBe(404);
    expect((await read(`/teachers/${teacher.sourcedId}`)).json().user.sourcedId).toBe(
      teacher.sourcedId,
    );
    const [klass] = await all('classes');
    expect((await read(`/classes/${klass!.sourcedId}`)).json()).toEqual({ class: klass });
  });

  it('pages with limit and offset, telling the total in X-Total-Count and the next pages in Link', async () => {
    const everyone = await all('users');
    const first = await read('/users?limit=2&offset=0');
    expect(first.headers['x-total-count']).toBe(String(everyone.length));
    const link = String(first.headers['link']);
    expect(link).toContain('rel="next"');
    expect(link).toContain('rel="last"');
    expect(link).not.toContain('rel="prev"');
    const pages: Json[] = [];
    for (let offset = 0; offset < everyone.length; offset += 2) {
      pages.push(...(await read(`/users?limit=2&offset=${offset}`)).json().users);
    }
    expect(pages.map((user) => user.sourcedId)).toEqual(everyone.map((user) => user.sourcedId));
    const next = /<([^>]+)>; rel="next"/.exec(link)![1]!;
    const url = new URL(next);
    expect(url.pathname).toBe(`${BASE}/users`);
    expect(url.searchParams.get('offset')).toBe('2');
  });

  it('sorts, selects fields and filters by equality, by role and by the time of a change', async () => {
    const byName = await all('users', 'users', '&sort=givenName&orderBy=desc');
    const names = byName.map((user) => String(user['givenName']));
    expect(names).toEqual([...names].sort().reverse());
    const few = await all('users', 'users', '&fields=sourcedId,givenName');
    expect(Object.keys(few[0]!).sort()).toEqual(['givenName', 'sourcedId']);
    const ashas = await all('users', 'users', `&filter=${encodeURIComponent("givenName='Asha'")}`);
    expect(ashas.map((user) => user['familyName'])).toEqual(['Rao']);
    const parents = await all(
      'users',
      'users',
      `&filter=${encodeURIComponent("roles.role='parent' AND familyName='Rao'")}`,
    );
    expect(parents.map((user) => user['givenName']).sort()).toEqual(['Meera', 'Vikram']);
    const either = await all(
      'users',
      'users',
      `&filter=${encodeURIComponent("givenName='Li' OR givenName='Ben'")}`,
    );
    expect(either).toHaveLength(2);
    const inClass = await all(
      'enrollments',
      'enrollments',
      `&filter=${encodeURIComponent(`role='student' AND class.sourcedId='${(await all('classes'))[0]!.sourcedId}'`)}`,
    );
    expect(inClass.length).toBeGreaterThan(0);
  });

  it("answers dateLastModified> with what changed since, a deleted student's records as tobedeleted, as the delta zip does", async () => {
    const since = new Date(Date.now() - 1).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const ben = (
      await all('users', 'users', `&filter=${encodeURIComponent("givenName='Ben'")}`)
    )[0]!;
    const deleted = await call(
      'DELETE',
      `/management/update_students/?id=${school.students.ben.id}`,
    );
    expect(deleted.statusCode).toBe(204);
    const filter = `&filter=${encodeURIComponent(`dateLastModified>'${since}'`)}`;
    const changed = await all('users', 'users', filter);
    expect(changed.map((user) => [user.sourcedId, user['status']])).toEqual([
      [ben.sourcedId, 'tobedeleted'],
    ]);
    const enrollments = await all('enrollments', 'enrollments', filter);
    expect(enrollments.map((item) => item['status'])).toEqual(['tobedeleted']);
    expect((await all('users')).map((user) => user.sourcedId)).not.toContain(ben.sourcedId);

    const zip = readZip(
      (
        await t.app.inject({
          method: 'GET',
          url: `/management/oneroster/export.zip?since=${encodeURIComponent(since)}`,
          headers,
        })
      ).rawPayload,
    );
    const changedInZip = recordsOf(zip, 'users.csv').filter(
      (row) => row['dateLastModified']! > since,
    );
    expect(changedInZip.map((row) => [row['sourcedId'], row['status']])).toEqual(
      changed.map((user) => [user.sourcedId, user['status']]),
    );
  });

  it('refuses a filter, sort, field or limit it cannot read with 400 and the codeMinor naming the part', async () => {
    const codeOf = async (query: string) => {
      const response = await read(`/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      return response.json().imsx_CodeMinor.imsx_codeMinorField[0].imsx_codeMinorFieldValue;
    };
    expect(await codeOf(`filter=${encodeURIComponent("shoeSize='4'")}`)).toBe(
      'invalid_filter_field',
    );
    expect(await codeOf(`filter=${encodeURIComponent('givenName=Asha')}`)).toBe(
      'invalid_filter_field',
    );
    expect(
      await codeOf(`filter=${encodeURIComponent("givenName='A' AND familyName='B' OR email='c'")}`),
    ).toBe('invalid_filter_field');
    expect(await codeOf('sort=roles')).toBe('invalid_sort_field');
    expect(await codeOf('fields=sourcedId,shoeSize')).toBe('invalid_selection_field');
    expect(await codeOf('limit=0')).toBe('invaliddata');
    expect(await codeOf('limit=ten')).toBe('invaliddata');
    expect(await codeOf('colour=red')).toBe('invaliddata');
  });

  it("opens only with an API client's token: not without one, not with a staff member's, and its token opens nothing of the staff API", async () => {
    const staffToken = headers['authorization']!.slice('Bearer '.length);
    for (const bearer of ['', 'not-a-token', staffToken]) {
      const response = await read('/users', bearer);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.json().imsx_CodeMinor.imsx_codeMinorField[0].imsx_codeMinorFieldValue).toBe(
        'unauthorisedrequest',
      );
    }
    const staffApi = await t.app.inject({
      method: 'GET',
      url: '/management/students/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(staffApi.statusCode).toBe(401);
  });

  it('records every read in the log, by client, with the students whose data it held', async () => {
    const answer = await read(`/users/${(await all('students', 'users'))[0]!.sourcedId}`);
    expect(answer.statusCode).toBe(200);
    const log = await call(
      'GET',
      `/api/roster-access/?student=${school.students.asha.id}&limit=200`,
    );
    const events = log.json<{ data: RosterAccess[] }>().data;
    const reads = events.filter((event) => event.actor.kind === 'client');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0]).toMatchObject({
      actor: { kind: 'client', id: clientId, name: 'Reading app' },
      what: expect.stringMatching(new RegExp(`^GET ${BASE}/`)),
    });
    const classes = await read('/classes');
    expect(classes.statusCode).toBe(200);
    const latest = (await call('GET', '/api/roster-access/?limit=1')).json<{
      data: RosterAccess[];
    }>().data[0]!;
    expect(latest).toMatchObject({ what: `GET ${BASE}/classes`, records: 2, students: 0 });
  });
});
