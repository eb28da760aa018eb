import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath, deactivatedText, staffPaths } from '@um/contract';
import { openEventStream, type StreamEvent } from '../src/test/event-stream.js';
import { startSmtpCatcher, type SmtpCatcher } from '../src/test/smtp-catcher.js';
import { call, logIn, signUp, type Staff } from './support/api.js';
import { adminUrl, createPgDatabase, pgTarget, type TestPgDatabase } from './support/postgres.js';
import {
  eventually,
  killAllChildren,
  startServer,
  tempDir,
  type ServerProcess,
} from './support/processes.js';
import { report } from './support/report.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

/**
 * Live updates across API processes (docs/live-updates.md): a change made through one process
 * reaches the event streams held by another through PostgreSQL LISTEN/NOTIFY, also after PostgreSQL
 * went away and came back, and a SIGTERM is not held up by open streams.
 */

const isUnread = (count: number) => (event: StreamEvent) =>
  event.event === 'unread' && event.data.count === count;
const isChangedMessages = (event: StreamEvent) =>
  event.event === 'changed' && event.data.entity === 'messages';

describe.runIf(adminUrl)('live updates across two API processes on one PostgreSQL', () => {
  let smtp: SmtpCatcher;
  let database: TestPgDatabase;
  let proxy: TcpProxy;
  /** Reaches PostgreSQL through the proxy, which the test cuts. */
  let first: ServerProcess;
  let second: ServerProcess;
  let reader: Staff;
  let author: Staff;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    database = await createPgDatabase();
    proxy = await startTcpProxy(pgTarget());
    const env = { JWT_SECRET: randomBytes(32).toString('hex'), SMTP_URL: smtp.url };
    first = await startServer({
      databaseUrl: database.urlVia(proxy.port),
      dataDir: tempDir('um-rel-live-first-'),
      env,
    });
    second = await startServer({
      databaseUrl: database.url,
      dataDir: tempDir('um-rel-live-second-'),
      env,
    });
    reader = await signUp(first.origin, smtp, `reader.${Date.now()}@school.test`);
    author = await signUp(second.origin, smtp, `author.${Date.now()}@school.test`);
  });
  afterAll(async () => {
    await killAllChildren();
    await proxy?.close();
    await smtp?.close();
    await database?.drop();
  });

  /** Posts through the second process; resolves with when it was answered. */
  async function postThroughSecond(content: string): Promise<number> {
    const posted = await call(second.origin, 'POST', apiPaths.messages, {
      token: author.access,
      body: { content },
    });
    expect(posted.status, posted.text).toBe(201);
    return performance.now();
  }

  it('shows a message posted through one process in a stream held by the other within a second, and again after PostgreSQL went away and came back', async () => {
    const stream = await openEventStream(first.origin, reader.access);
    try {
      expect(stream.status).toBe(200);
      const initial = (await stream.next((event) => event.event === 'unread')).data.count as number;

      const sentAt = performance.now();
      await postThroughSecond('Assembly moved to 11');
      const arrived = await stream.next(isUnread(initial + 1), 1_000);
      const acrossMs = performance.now() - sentAt;
      expect(acrossMs).toBeLessThan(1_000);
      expect(arrived.id).toBeGreaterThan(1);

      await proxy.cut();
      await sleep(1_000);
      await proxy.restore();
      const readyAfter = await eventually(
        'the first process reaches PostgreSQL again',
        async () => (await call(first.origin, 'GET', apiPaths.ready)).status === 200,
      );
      // The bus reconnects by itself with backoff; changes made meanwhile are not lost on
      // the clients, who hear that everything may have changed and refetch.
      const reconnectedAfter = await eventually(
        'the stream hears from the bus again',
        async () => {
          const from = stream.events.length;
          await postThroughSecond(`Probe ${from}`);
          await stream.next(isChangedMessages, 1_000, from);
          return true;
        },
        15_000,
      );
      const from = stream.events.length;
      const againAt = performance.now();
      await postThroughSecond('Lunch at 12:30');
      await stream.next(isChangedMessages, 1_000, from);
      const againMs = performance.now() - againAt;
      expect(againMs).toBeLessThan(1_000);
      report('live updates across processes', {
        acrossMs: Math.round(acrossMs),
        readyAgainAfterRestoreMs: Math.round(readyAfter),
        eventsAgainAfterReadyMs: Math.round(reconnectedAfter),
        acrossAfterReconnectMs: Math.round(againMs),
      });
    } finally {
      stream.close();
    }
  });

  it("ends a deactivated person's stream held by the other process within a second, and refuses their tokens there", async () => {
    // The reader signed up first on the empty database: the school's admin (docs/staff.md).
    const profile = await call(second.origin, 'GET', apiPaths.profile, { token: author.access });
    const stream = await openEventStream(second.origin, author.access);
    try {
      await stream.next((event) => event.event === 'unread');
      const memberPath = buildPath(staffPaths.staffMember, { id: profile.json.id as string });
      const sentAt = performance.now();
      const changed = await call(first.origin, 'PATCH', memberPath, {
        token: reader.access,
        body: { status: 'deactivated' },
      });
      expect(changed.status, changed.text).toBe(200);
      await Promise.race([
        stream.ended,
        sleep(1_000).then(() => {
          throw new Error('the stream was still open a second after the deactivation');
        }),
      ]);
      const endedMs = performance.now() - sentAt;
      expect(endedMs).toBeLessThan(1_000);
      const refused = await call(second.origin, 'GET', apiPaths.profile, { token: author.access });
      expect(refused.status).toBe(401);
      const login = await call(second.origin, 'POST', apiPaths.login, {
        body: { email: author.email, password: author.password },
      });
      expect(login.status).toBe(403);
      expect(login.json.detail).toBe(deactivatedText);
      report('deactivation across processes', { streamEndedMs: Math.round(endedMs) });

      const reactivated = await call(first.origin, 'PATCH', memberPath, {
        token: reader.access,
        body: { status: 'active' },
      });
      expect(reactivated.status).toBe(200);
      Object.assign(author, await logIn(second.origin, author.email));
    } finally {
      stream.close();
    }
  });

  it('ends its open streams at SIGTERM and exits without waiting for them', async () => {
    const streams = await Promise.all(
      [0, 1, 2].map(() => openEventStream(second.origin, author.access)),
    );
    await Promise.all(streams.map((stream) => stream.next((event) => event.event === 'unread')));
    const started = performance.now();
    await second.stop();
    const exitedAfter = performance.now() - started;
    await Promise.all(streams.map((stream) => stream.ended));
    expect(exitedAfter).toBeLessThan(5_000);
    report('live updates at SIGTERM', {
      openStreams: streams.length,
      exitedAfterMs: Math.round(exitedAfter),
    });
  });
});
