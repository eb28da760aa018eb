import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath, type Message } from '@um/contract';
import { buildApp } from '../app.js';
import type { App } from '../app-context.js';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../auth/access-token.js';
import { bearer } from '../test/auth-helpers.js';
import {
  listen,
  openEventStream,
  type EventStreamReader,
  type StreamEvent,
} from '../test/event-stream.js';
import {
  buildStandard,
  buildStudent,
  insertStandard,
  insertUser,
  startTestSession,
} from '../test/factories.js';
import { createTestApp, dialects, testConfig, useTestApp } from '../test/harness.js';

const HEARTBEAT_MS = 200;

const isUnread = (count?: number) => (event: StreamEvent) =>
  event.event === 'unread' && (count === undefined || event.data.count === count);
const isChanged = (entity: string) => (event: StreamEvent) =>
  event.event === 'changed' && event.data.entity === entity;

describe.each(dialects)('live updates on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { liveUpdates: { heartbeatMs: HEARTBEAT_MS } });
  let origin: string;
  const readers: EventStreamReader[] = [];

  beforeAll(async () => {
    origin = await listen(t.app);
  });
  afterEach(() => {
    for (const reader of readers.splice(0)) reader.close();
  });

  async function staff() {
    const user = await insertUser(t.database.db, { password: null });
    const session = await startTestSession(t.database.db, t.config.jwtSecret, user.id);
    return { user, ...session, headers: bearer(session.access) };
  }

  async function stream(access: string) {
    const reader = await openEventStream(origin, access);
    readers.push(reader);
    return reader;
  }

  async function send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) {
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return response;
  }

  it('refuses a caller without a valid access token with 401 problem JSON', async () => {
    for (const access of ['', 'not-a-token']) {
      const reader = await stream(access);
      expect(reader.status).toBe(401);
      expect(reader.contentType).toMatch(/^application\/problem\+json/);
    }
  });

  it("opens with the caller's unread count, under the stream's headers, with increasing ids", async () => {
    const author = await staff();
    const reader = await staff();
    for (let index = 0; index < 2; index += 1) {
      const posted = await send('POST', apiPaths.messages, author.headers, {
        content: `Note ${index}`,
      });
      expect(posted.statusCode).toBe(201);
    }
    const opened = await stream(reader.access);
    expect(opened.status).toBe(200);
    expect(opened.contentType).toMatch(/^text\/event-stream/);
    expect(opened.headers['cache-control']).toBe('no-store, no-cache, no-transform');
    expect(opened.headers['x-accel-buffering']).toBe('no');
    const first = await opened.next(() => true);
    expect(first).toMatchObject({ event: 'unread', data: { count: 2 } });

    await send('POST', apiPaths.standards, author.headers, buildStandard());
    await opened.next(isChanged('standards'));
    const ids = opened.events.map((event) => event.id);
    expect(ids[0]).toBeGreaterThan(0);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows B's new message in A's stream as A's new unread count within a second", async () => {
    const a = await staff();
    const b = await staff();
    const reader = await stream(a.access);
    const initial = await reader.next(isUnread());
    const before = initial.data.count as number;

    const sentAt = performance.now();
    const posted = await send('POST', apiPaths.messages, b.headers, {
      content: 'Fire drill at 10',
    });
    expect(posted.statusCode).toBe(201);
    await reader.next(isUnread(before + 1), 1_000, reader.events.length);
    expect(performance.now() - sentAt).toBeLessThan(1_000);
    await reader.next(isChanged('messages'));
  });

  it('tells everyone of changes to students and standards, and only the reader of their read state', async () => {
    const a = await staff();
    const b = await staff();
    const streamA = await stream(a.access);
    const streamB = await stream(b.access);
    await Promise.all([streamA.next(isUnread()), streamB.next(isUnread())]);

    const standard = await send('POST', apiPaths.standards, b.headers, buildStandard());
    const standardId = standard.json<{ data: { id: number } }>().data.id;
    await streamA.next(isChanged('standards'));
    const student = await send(
      'POST',
      apiPaths.updateStudents,
      b.headers,
      buildStudent({ standard: standardId }),
    );
    expect(student.statusCode).toBe(201);
    await streamA.next(isChanged('students'));

    const message = (
      await send('POST', apiPaths.messages, b.headers, { content: 'Staff lunch' })
    ).json<{
      data: Message;
    }>().data;
    const unreadA = await streamA.next(isUnread(), 1_000, streamA.events.length);
    await streamB.next(isChanged('messages'));
    const fromA = streamA.events.length;
    const fromB = streamB.events.length;
    const read = await send(
      'PATCH',
      buildPath(apiPaths.messageRead, { id: message.id }),
      a.headers,
    );
    expect(read.statusCode).toBe(200);
    await streamA.next(isUnread(unreadA.data.count - 1), 1_000, fromA);
    await streamA.next(isChanged('messages'), 1_000, fromA);

    // Streams deliver in order: once B sees the next standards change, a change of A's read
    // state sent to B would have arrived before it.
    await send(
      'DELETE',
      buildPath(apiPaths.standard, { id: (await insertStandard(t.database.db)).id }),
      a.headers,
    );
    await streamB.next(isChanged('standards'), 1_000, fromB);
    expect(
      streamB.events.slice(fromB).map((event) => event.event + ':' + JSON.stringify(event.data)),
    ).toEqual(['changed:{"entity":"standards"}']);
  });

  it('publishes nothing for a write that failed', async () => {
    const a = await staff();
    const reader = await stream(a.access);
    await reader.next(isUnread());
    const from = reader.events.length;
    const refused = await send(
      'POST',
      apiPaths.updateStudents,
      a.headers,
      buildStudent({ standard: 999_999 }),
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const missing = await send('DELETE', buildPath(apiPaths.standard, { id: 999_999 }), a.headers);
    expect(missing.statusCode).toBe(404);
    await send('POST', apiPaths.messages, a.headers, { content: 'after the failures' });
    await reader.next(isChanged('messages'), 1_000, from);
    expect(reader.events.slice(from).filter((event) => event.event === 'changed')).toEqual([
      expect.objectContaining({ data: { entity: 'messages' } }),
    ]);
  });

  it('keeps a quiet stream open with comment lines', async () => {
    const a = await staff();
    const reader = await stream(a.access);
    await reader.next(isUnread());
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 3));
    expect(reader.comments).toBeGreaterThanOrEqual(2);
  });

  it('ends the stream when its access token expires, and a new one needs a valid token', async () => {
    const { user, sessionId } = await staff();
    const almostExpired = await signAccessToken(
      t.config.jwtSecret,
      { userId: user.id, tokenVersion: 0, sessionId },
      // Two to three seconds to live: long enough to open on a busy machine, short to wait for.
      new Date(Date.now() - (ACCESS_TOKEN_TTL_SECONDS - 3) * 1000),
    );
    const reader = await stream(almostExpired);
    await reader.next(isUnread());
    const ended = await Promise.race([
      reader.ended.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000)),
    ]);
    expect(ended).toBe('ended');
    expect((await stream(almostExpired)).status).toBe(401);
  });
});

describe.each(dialects)('shutting down with open streams, on %s', (dialect) => {
  it('ends every stream when the app closes, so that draining is not held up', async () => {
    const built = await createTestApp(dialect);
    const origin = await listen(built.app);
    const user = await insertUser(built.database.db, { password: null });
    const { access } = await startTestSession(built.database.db, built.config.jwtSecret, user.id);
    const readers = await Promise.all([
      openEventStream(origin, access),
      openEventStream(origin, access),
    ]);
    await Promise.all(readers.map((reader) => reader.next(isUnread())));
    const started = performance.now();
    await built.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    await Promise.all(readers.map((reader) => reader.ended));
  });
});

describe.runIf(dialects.includes('postgres'))('two apps on one PostgreSQL', () => {
  const t = useTestApp('postgres');
  let other: App | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it('delivers a change made through one app to a stream held by the other, within a second', async () => {
    other = await buildApp(
      testConfig({ database: t.database.config, jwtSecret: t.config.jwtSecret }),
    );
    // Started before the clock runs: the second is the delivery's, not the other app's start.
    await other.ready();
    const origin = await listen(t.app);
    const a = await insertUser(t.database.db, { password: null });
    const b = await insertUser(t.database.db, { password: null });
    const sign = async (userId: number) =>
      (await startTestSession(t.database.db, t.config.jwtSecret, userId)).access;
    const reader = await openEventStream(origin, await sign(a.id));
    try {
      const before = (await reader.next(isUnread())).data.count as number;
      const sentAt = performance.now();
      const posted = await other.inject({
        method: 'POST',
        url: apiPaths.messages,
        headers: bearer(await sign(b.id)),
        payload: { content: 'from the other process' },
      });
      expect(posted.statusCode).toBe(201);
      await reader.next(isUnread(before + 1), 1_000, 1);
      expect(performance.now() - sentAt).toBeLessThan(1_000);
      await reader.next(isChanged('messages'));
    } finally {
      reader.close();
    }
  });
});
