import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@um/contract';
import { resetLinkFrom, startSmtpCatcher, type SmtpCatcher } from '../src/test/smtp-catcher.js';
import { call, isProblem, signUp, type Answer, type Staff } from './support/api.js';
import { adminUrl, createPgDatabase, pgTarget, type TestPgDatabase } from './support/postgres.js';
import {
  eventually,
  killAllChildren,
  startServer,
  tempDir,
  type ServerProcess,
} from './support/processes.js';
import { startRedis, type RedisServer } from './support/redis.js';
import { report } from './support/report.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

/**
 * Each dependency fails under a running server process, and comes back: the database (cut
 * off behind a proxy for PostgreSQL; storage refusing writes for SQLite), the mail server and
 * Redis. The server must answer every call with problem JSON meanwhile, and recover by itself.
 */

let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await killAllChildren();
  await smtp.close();
});

let counter = 0;
const address = (prefix: string) => `${prefix}${++counter}.${Date.now()}@school.test`;

function student(standard: number, label: string) {
  return {
    name: `Student ${label}`,
    email: `${label}@pupils.test`,
    roll_number: label,
    standard,
    address: `${label} School Lane`,
  };
}

/** Creates a standard and `count` students, returning what the server acknowledged. */
async function writeSome(server: ServerProcess, staff: Staff, count: number, tag: string) {
  const standard = await call(server.origin, 'POST', apiPaths.standards, {
    token: staff.access,
    body: { name: `Grade ${tag}`, grade_level: 4 },
  });
  expect(standard.status, standard.text).toBe(201);
  const acknowledged: { id: number; roll_number: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const created = await call(server.origin, 'POST', apiPaths.updateStudents, {
      token: staff.access,
      body: student(standard.json.data.id, `${tag}-${index}`),
    });
    expect(created.status, created.text).toBe(201);
    acknowledged.push(created.json.data);
  }
  return { standardId: standard.json.data.id as number, acknowledged };
}

function expectUnavailable(answer: Answer, what: string) {
  expect(isProblem(answer, 503), `${what}: ${answer.status} ${answer.text}`).toBe(true);
  expect(answer.text).not.toMatch(/ECONNREFUSED|SQLITE|Connection terminated|\n\s+at /i);
}

interface Streamed {
  status: number;
  roll?: string;
  message?: { id: number; content: string };
}

/**
 * Four writers posting a student and a message (a transaction) each round, 25 ms apart, until
 * stopped, so that queries and transactions are in flight whenever the dependency goes.
 */
function writeStream(server: ServerProcess, staff: Staff, standardId: number, tag: string) {
  const answers: Streamed[] = [];
  let running = true;
  let sequence = 0;
  const writer = async () => {
    while (running) {
      const label = `${tag}-${++sequence}`;
      const content = `message ${label}`;
      const [created, posted] = await Promise.all([
        call(server.origin, 'POST', apiPaths.updateStudents, {
          token: staff.access,
          body: student(standardId, label),
        }),
        call(server.origin, 'POST', apiPaths.messages, { token: staff.access, body: { content } }),
      ]);
      answers.push({ status: created.status, roll: label });
      answers.push({
        status: posted.status,
        ...(posted.status === 201 ? { message: { id: posted.json.data.id, content } } : {}),
      });
      await sleep(25);
    }
  };
  const writers = Array.from({ length: 4 }, writer);
  return {
    async stop() {
      running = false;
      await Promise.all(writers);
      return answers;
    },
  };
}

describe.runIf(adminUrl)('PostgreSQL going away behind a running server', () => {
  let database: TestPgDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let staff: Staff;

  beforeAll(async () => {
    database = await createPgDatabase();
    proxy = await startTcpProxy(pgTarget());
    server = await startServer({
      databaseUrl: database.urlVia(proxy.port),
      dataDir: tempDir('um-rel-pg-down-'),
      env: { SMTP_URL: smtp.url },
    });
    staff = await signUp(server.origin, smtp, address('pgdown'));
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
  });

  it('answers /readyz and every call with 503 problem JSON while it is gone, and resumes by itself, every acknowledged write intact', async () => {
    const before = await writeSome(server, staff, 5, 'pg-before');
    const stream = writeStream(server, staff, before.standardId, 'pg-stream');
    await sleep(500);
    await proxy.cut();

    expectUnavailable(await call(server.origin, 'GET', apiPaths.ready), '/readyz');
    expect((await call(server.origin, 'GET', apiPaths.health)).status).toBe(200);
    const calls: [string, Promise<Answer>][] = [
      ['list', call(server.origin, 'GET', apiPaths.students, { token: staff.access })],
      ['profile', call(server.origin, 'GET', apiPaths.profile, { token: staff.access })],
      [
        'login',
        call(server.origin, 'POST', apiPaths.login, {
          body: { email: staff.email, password: staff.password },
        }),
      ],
      [
        'refresh',
        call(server.origin, 'POST', apiPaths.refresh, { body: { refresh: staff.refresh } }),
      ],
    ];
    for (const [what, pending] of calls) {
      const answer = await pending;
      expectUnavailable(answer, what);
      expect(answer.headers.get('retry-after'), what).toBe('5');
    }
    await sleep(500);

    await proxy.restore();
    const resumedAfter = await eventually(
      'readyz answers 200 again',
      async () => (await call(server.origin, 'GET', apiPaths.ready)).status === 200,
    );
    expect(resumedAfter).toBeLessThan(10_000);
    await sleep(500);
    const streamed = await stream.stop();
    expect(new Set(streamed.map((answer) => answer.status))).toEqual(new Set([201, 503]));

    const after = await writeSome(server, staff, 2, 'pg-after');
    const acknowledged = [
      ...before.acknowledged.map((row) => row.roll_number),
      ...streamed.flatMap((answer) => (answer.status === 201 && answer.roll ? [answer.roll] : [])),
      ...after.acknowledged.map((row) => row.roll_number),
    ];
    const students = await database.query<{ roll_number: string }>(
      'select roll_number from students',
    );
    const stored = students.map((row) => row.roll_number);
    expect(stored).toEqual(expect.arrayContaining(acknowledged));
    expect(new Set(stored).size).toBe(stored.length);
    /**
     * A COMMIT that reached PostgreSQL just before the cut is stored even though its answer
     * never came back, so the server could only answer 503 (no client can tell these apart
     * from writes that were lost without an idempotency key). Any stored write beyond the
     * acknowledged ones must be such a write, and there can only be a few: one per writer.
     */
    const answeredUnavailable = new Set(
      streamed.flatMap((answer) => (answer.status === 503 && answer.roll ? [answer.roll] : [])),
    );
    const inDoubt = stored.filter((roll) => !acknowledged.includes(roll));
    for (const roll of inDoubt) expect(answeredUnavailable, roll).toContain(roll);
    expect(inDoubt.length).toBeLessThanOrEqual(4);
    const messages = await database.query<{ id: number; content: string }>(
      'select id, content from messages',
    );
    for (const answer of streamed) {
      if (answer.message) expect(messages).toContainEqual(answer.message);
    }
    report('database gone: postgres', {
      readyAgainAfterRestoreMs: Math.round(resumedAfter),
      streamedWrites: streamed.length,
      answered201: streamed.filter((answer) => answer.status === 201).length,
      answered503: streamed.filter((answer) => answer.status === 503).length,
      storedThough503: inDoubt.length,
    });
  });
});

describe('SQLite storage refusing writes under a running server', () => {
  let server: ServerProcess;
  let staff: Staff;
  let file: string;

  beforeAll(async () => {
    const dir = tempDir('um-rel-sqlite-full-');
    file = `${dir}/app.db`;
    server = await startServer({
      databaseUrl: `sqlite:${file}`,
      dataDir: dir,
      env: { SMTP_URL: smtp.url },
    });
    staff = await signUp(server.origin, smtp, address('full'));
  });
  afterAll(async () => {
    await server?.stop();
  });

  /**
   * RLIMIT_FSIZE 0 on the server process: from then on the kernel refuses every write that
   * would grow a file (EFBIG), the way a full or failing disk refuses them. An open SQLite
   * file cannot be taken away from its process otherwise: chmod, rename and unlink leave the
   * open descriptor working.
   */
  const limitFileSize = (value: string) =>
    execFileSync('prlimit', ['--pid', String(server.pid), `--fsize=${value}:`]);

  it('answers writes with 503 problem JSON and reads with 200 while it refuses, and writes again once it accepts, every acknowledged write intact', async () => {
    const before = await writeSome(server, staff, 5, 'lite-before');
    limitFileSize('0');
    try {
      const writes: [string, Promise<Answer>][] = [
        [
          'create student',
          call(server.origin, 'POST', apiPaths.updateStudents, {
            token: staff.access,
            body: student(before.standardId, 'lite-during'),
          }),
        ],
        [
          'update student',
          call(server.origin, 'PUT', apiPaths.updateStudents, {
            token: staff.access,
            body: { ...student(before.standardId, 'lite-changed'), id: before.acknowledged[0]!.id },
          }),
        ],
        [
          'post message',
          call(server.origin, 'POST', apiPaths.messages, {
            token: staff.access,
            body: { content: 'during' },
          }),
        ],
        [
          'create standard',
          call(server.origin, 'POST', apiPaths.standards, {
            token: staff.access,
            body: { name: 'Grade during', grade_level: 2 },
          }),
        ],
        [
          'login',
          call(server.origin, 'POST', apiPaths.login, {
            body: { email: staff.email, password: staff.password },
          }),
        ],
      ];
      for (const [what, pending] of writes) {
        const answer = await pending;
        expectUnavailable(answer, what);
        expect(answer.headers.get('retry-after'), what).toBe('5');
      }
      const list = await call(
        server.origin,
        'GET',
        `${apiPaths.students}?standard=${before.standardId}`,
        {
          token: staff.access,
        },
      );
      expect(list.status).toBe(200);
      expect(list.json.data).toHaveLength(5);
      expect((await call(server.origin, 'GET', apiPaths.ready)).status).toBe(200);
    } finally {
      limitFileSize('unlimited');
    }

    const after = await writeSome(server, staff, 2, 'lite-after');
    await server.stop();
    const sqlite = new SQLite(file, { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = sqlite.prepare('select roll_number, name from students order by id').all();
      expect(rows).toEqual(
        [...before.acknowledged, ...after.acknowledged].map((row) => ({
          roll_number: row.roll_number,
          name: `Student ${row.roll_number}`,
        })),
      );
    } finally {
      sqlite.close();
    }
  });
});

describe('the mail server going away', () => {
  let proxy: TcpProxy;
  let server: ServerProcess;
  let known: Staff;

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(smtp.url).port) });
    server = await startServer({
      databaseUrl: `sqlite:${tempDir('um-rel-smtp-')}/app.db`,
      dataDir: tempDir('um-rel-smtp-data-'),
      env: { SMTP_URL: `smtp://127.0.0.1:${proxy.port}` },
    });
    known = await signUp(server.origin, smtp, address('known'));
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
  });

  it('answers send_otp, and forgot-password for known and unknown addresses alike, with one clear 503, then lets the same addresses retry at once', async () => {
    const newcomer = address('newcomer');
    const unknown = address('unknown');
    await proxy.cut();
    const answers = {
      signupNew: await call(server.origin, 'POST', apiPaths.sendOtp, { body: { email: newcomer } }),
      forgotKnown: await call(server.origin, 'POST', apiPaths.forgotPassword, {
        body: { email: known.email },
      }),
      forgotUnknown: await call(server.origin, 'POST', apiPaths.forgotPassword, {
        body: { email: unknown },
      }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expectUnavailable(answer, what);
      expect(answer.json.detail, what).toBe(
        'The email could not be sent. Please try again in a moment.',
      );
    }
    expect(smtp.mailsTo(newcomer)).toHaveLength(0);

    await proxy.restore();
    const staff = await signUp(server.origin, smtp, newcomer);
    expect(staff.access).toEqual(expect.any(String));
    const forgot = await call(server.origin, 'POST', apiPaths.forgotPassword, {
      body: { email: known.email },
    });
    expect(forgot.status, forgot.text).toBe(200);
    const [mail] = await smtp.waitForMails(known.email, 2);
    const link = resetLinkFrom(smtp.mailsTo(known.email).at(-1) ?? mail!, server.env['APP_URL']!);
    const reset = await call(server.origin, 'POST', buildPath(apiPaths.resetPassword, link), {
      body: { password: 'a new long password', password2: 'a new long password' },
    });
    expect(reset.status, reset.text).toBe(200);
  });
});

/** Set where Redis is installed (CI); this part starts a redis-server of its own. */
const redisInstalled = Boolean(process.env['TEST_REDIS_URL']);

describe.runIf(redisInstalled)('Redis going away under a running server', () => {
  let redis: RedisServer;
  let server: ServerProcess;
  let staff: Staff;
  const LOGINS_PER_MINUTE = 6;

  beforeAll(async () => {
    redis = await startRedis();
    server = await startServer({
      databaseUrl: `sqlite:${tempDir('um-rel-redis-')}/app.db`,
      dataDir: tempDir('um-rel-redis-data-'),
      env: {
        SMTP_URL: smtp.url,
        REDIS_URL: redis.url,
        RATE_LIMIT_LOGIN_PER_IP: `${LOGINS_PER_MINUTE}/60`,
      },
    });
    staff = await signUp(server.origin, smtp, address('redis'));
  });
  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  const failedLogin = () =>
    call(server.origin, 'POST', apiPaths.login, {
      body: { email: address('stranger'), password: 'not the password' },
    });

  it('keeps answering and keeps limiting in the process while Redis is gone, and counts in Redis again once it is back', async () => {
    expect((await failedLogin()).status).toBe(401);
    expect(await redis.keys('um:rate:*')).not.toHaveLength(0);

    await redis.kill();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LOGINS_PER_MINUTE; attempt += 1) {
      const started = performance.now();
      statuses.push((await failedLogin()).status);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    expect(statuses).toEqual([...Array(LOGINS_PER_MINUTE).fill(401), 429]);
    expect(
      (await call(server.origin, 'GET', apiPaths.students, { token: staff.access })).status,
    ).toBe(200);
    expect((await call(server.origin, 'GET', apiPaths.ready)).status).toBe(200);

    await redis.start();
    const sharedAgainAfter = await eventually('login counted in Redis again', async () => {
      const answer = await failedLogin();
      return answer.status === 401 && (await redis.keys('um:rate:*')).length > 0;
    });
    report('redis gone', {
      limitedInProcessAfter: statuses.indexOf(429),
      countedInRedisAgainAfterMs: Math.round(sharedAgainAfter),
    });
    expect(server.output()).toMatch(
      /Redis unreachable: rate limits now count in this process only/,
    );
  });
});
