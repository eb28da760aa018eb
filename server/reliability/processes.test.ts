import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@um/contract';
import { startSmtpCatcher, type SmtpCatcher } from '../src/test/smtp-catcher.js';
import { call, isProblem, logIn, signUp, type Staff } from './support/api.js';
import { adminUrl, createPgDatabase, type TestPgDatabase } from './support/postgres.js';
import { killAllChildren, startServer, tempDir, type ServerProcess } from './support/processes.js';

/**
 * Two API processes behind one (pretend) load balancer, on one PostgreSQL and one Redis, as
 * README describes scaling out: nothing a user does may depend on which process answers.
 */

const redisUrl = process.env['TEST_REDIS_URL'];
const LOGINS_PER_MINUTE = 4;
/** The refresh grace period (docs/auth.md, 3), after which a replayed token counts as reuse. */
const GRACE_MS = 10_000;

/** The balancer's X-Forwarded-For: a client address of this test's own in the shared Redis. */
const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.runIf(adminUrl && redisUrl)('two API processes on one PostgreSQL and one Redis', () => {
  let smtp: SmtpCatcher;
  let database: TestPgDatabase;
  let first: ServerProcess;
  let second: ServerProcess;
  let author: Staff;
  let reader: Staff;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    database = await createPgDatabase();
    const env = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: redisUrl ?? '',
      SMTP_URL: smtp.url,
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_LOGIN_PER_IP: `${LOGINS_PER_MINUTE}/60`,
    };
    // Both start at once on an empty database, as a deploy starts its processes.
    const start = (prefix: string) =>
      startServer({ databaseUrl: database.url, dataDir: tempDir(prefix), env });
    [first, second] = await Promise.all([start('um-rel-first-'), start('um-rel-second-')]);
    author = await signUp(first.origin, smtp, `author.${Date.now()}@school.test`);
    reader = await signUp(second.origin, smtp, `reader.${Date.now()}@school.test`);
  });
  afterAll(async () => {
    await killAllChildren();
    await smtp?.close();
    await database?.drop();
  });

  it('migrates the fresh database once when both processes start at the same moment', async () => {
    const applied = await database.query<{ name: string }>('select name from kysely_migration');
    const names = applied.map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    for (const server of [first, second]) {
      expect((await call(server.origin, 'GET', apiPaths.ready)).status).toBe(200);
    }
  });

  it('counts one login limit across both processes', async () => {
    const headers = { 'x-forwarded-for': clientAddress() };
    const attempt = (server: ServerProcess) =>
      call(server.origin, 'POST', apiPaths.login, {
        headers,
        body: { email: `nobody.${randomInt(1e9)}@school.test`, password: 'not the password' },
      });
    const statuses = [];
    for (let index = 0; index < LOGINS_PER_MINUTE; index += 1) {
      statuses.push((await attempt(index % 2 === 0 ? first : second)).status);
    }
    expect(statuses).toEqual(Array(LOGINS_PER_MINUTE).fill(401));
    for (const server of [first, second]) {
      const limited = await attempt(server);
      expect(isProblem(limited, 429), limited.text).toBe(true);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('refuses on one process, as reuse, a refresh token rotated on the other, and ends its whole session', async () => {
    const signedIn = await logIn(first.origin, reader.email, reader.password);
    const rotated = await call(first.origin, 'POST', apiPaths.refresh, {
      body: { refresh: signedIn.refresh },
    });
    expect(rotated.status).toBe(200);

    // Within the grace period the other process hands back the same current pair: it sees
    // the rotation the first one stored.
    const racing = await call(second.origin, 'POST', apiPaths.refresh, {
      body: { refresh: signedIn.refresh },
    });
    expect(racing.status).toBe(200);
    expect(racing.json.refresh).toBe(rotated.json.refresh);

    await sleep(GRACE_MS + 1_000);
    const replayed = await call(second.origin, 'POST', apiPaths.refresh, {
      body: { refresh: signedIn.refresh },
    });
    expect(isProblem(replayed, 401), replayed.text).toBe(true);
    const current = await call(first.origin, 'POST', apiPaths.refresh, {
      body: { refresh: rotated.json.refresh },
    });
    expect(isProblem(current, 401), current.text).toBe(true);
  });

  it('shows what is written through one process to readers of the other: a message, its read state, a student', async () => {
    const content = `Fire drill at 10 <script>alert(1)</script> ${Date.now()}`;
    const posted = await call(first.origin, 'POST', apiPaths.messages, {
      token: author.access,
      body: { content },
    });
    expect(posted.status).toBe(201);
    const id: number = posted.json.data.id;

    const inbox = await call(second.origin, 'GET', apiPaths.messages, { token: reader.access });
    expect(inbox.json.data).toContainEqual(
      expect.objectContaining({ id, content, is_read: false }),
    );
    const unread: number = inbox.json.unread_count;
    expect(unread).toBeGreaterThan(0);

    const read = await call(second.origin, 'PATCH', buildPath(apiPaths.messageRead, { id }), {
      token: reader.access,
    });
    expect(read.status).toBe(200);
    const seenOnFirst = await call(first.origin, 'GET', apiPaths.messages, {
      token: reader.access,
    });
    expect(seenOnFirst.json.data).toContainEqual(expect.objectContaining({ id, is_read: true }));
    expect(seenOnFirst.json.unread_count).toBe(unread - 1);

    const standard = await call(second.origin, 'POST', apiPaths.standards, {
      token: reader.access,
      body: { name: 'Grade shared', grade_level: 7 },
    });
    const student = await call(first.origin, 'POST', apiPaths.updateStudents, {
      token: author.access,
      body: {
        name: 'Shared Student',
        email: 'shared@pupils.test',
        roll_number: 'S-1',
        standard: standard.json.data.id,
      },
    });
    expect(student.status, student.text).toBe(201);
    const shown = await call(
      second.origin,
      'GET',
      buildPath(apiPaths.student, { id: student.json.data.id }),
      { token: reader.access },
    );
    expect(shown.json.data).toEqual(student.json.data);
  });
});
