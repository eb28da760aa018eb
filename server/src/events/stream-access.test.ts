import type { Socket } from 'node:net';
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath, LIVE_STREAMS_PER_PERSON } from '@um/contract';
import { buildApp } from '../app.js';
import type { App } from '../app-context.js';
import { encodeUserId, issueResetToken } from '../auth/reset-tokens.js';
import { bearer, loginTokens, postJson, type Tokens } from '../test/auth-helpers.js';
import { listen, openEventStream, type EventStreamReader } from '../test/event-stream.js';
import { DEFAULT_PASSWORD, insertUser } from '../test/factories.js';
import { createTestApp, dialects, testConfig, useTestApp } from '../test/harness.js';

const NEW_PASSWORD = 'a brand new passphrase';

/** A HEAD over real HTTP, as a client flooding the server would send it. */
function headOverHttp(
  origin: string,
  access: string,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      new URL(apiPaths.events, origin),
      { method: 'HEAD', agent: false, headers: bearer(access) },
      (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers }),
        );
      },
    );
    sent.once('error', reject);
    sent.end();
  });
}

/** How long after `since` the stream ended, or Infinity when it is still open after `limitMs`. */
async function endedWithin(
  reader: EventStreamReader,
  since: number,
  limitMs = 3_000,
): Promise<number> {
  const ended = await Promise.race([
    reader.ended.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), limitMs)),
  ]);
  return ended ? performance.now() - since : Infinity;
}

/** True when the stream is still open `ms` from now. */
async function stillOpenAfter(reader: EventStreamReader, ms: number): Promise<boolean> {
  return Promise.race([
    reader.ended.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms)),
  ]);
}

describe.each(dialects)(
  'an event stream lives no longer than the right to it, on %s',
  (dialect) => {
    const t = useTestApp(dialect);
    let origin: string;
    const readers: EventStreamReader[] = [];

    beforeAll(async () => {
      origin = await listen(t.app);
    });
    afterEach(() => {
      for (const reader of readers.splice(0)) reader.close();
    });

    async function stream(access: string) {
      const reader = await openEventStream(origin, access);
      readers.push(reader);
      if (reader.status === 200) await reader.next((event) => event.event === 'unread');
      return reader;
    }

    async function signedIn() {
      const user = await insertUser(t.database.db);
      return { user, signIn: () => loginTokens(t.app, user.email) };
    }

    const logout = (tokens: Tokens) =>
      postJson(t.app, apiPaths.logout, { refresh: tokens.refresh });

    it('ends the streams of a session within a second of its logout, and only that session’s', async () => {
      const { signIn } = await signedIn();
      const here = await signIn();
      const elsewhere = await signIn();
      const [first, second] = [await stream(here.access), await stream(here.access)];
      const other = await stream(elsewhere.access);

      const loggedOut = await logout(here);
      const at = performance.now();
      expect(loggedOut.statusCode).toBe(204);
      expect(await endedWithin(first!, at)).toBeLessThan(1_000);
      expect(await endedWithin(second!, at)).toBeLessThan(1_000);
      expect(await stillOpenAfter(other, 300)).toBe(true);
    });

    it('ends every stream of the person within a second of a password change, the changing tab’s too', async () => {
      const { signIn } = await signedIn();
      const here = await signIn();
      const elsewhere = await signIn();
      const streams = [await stream(here.access), await stream(elsewhere.access)];
      const stranger = await stream((await (await signedIn()).signIn()).access);

      const changed = await postJson(
        t.app,
        apiPaths.changePassword,
        { current_password: DEFAULT_PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD },
        bearer(here.access),
      );
      const at = performance.now();
      expect(changed.statusCode).toBe(200);
      for (const reader of streams) expect(await endedWithin(reader, at)).toBeLessThan(1_000);
      expect(await stillOpenAfter(stranger, 300)).toBe(true);
      // The fresh pair the change answered with opens a stream again.
      const fresh = changed.json<{ token: Tokens }>().token;
      expect((await stream(fresh.access)).status).toBe(200);
    });

    it('ends every stream of the person within a second of a password reset', async () => {
      const { user, signIn } = await signedIn();
      const reader = await stream((await signIn()).access);
      const token = await issueResetToken(t.database.db, user.id, new Date());
      const reset = await postJson(
        t.app,
        buildPath(apiPaths.resetPassword, { id: encodeUserId(user.id), token }),
        { password: NEW_PASSWORD, password2: NEW_PASSWORD },
      );
      const at = performance.now();
      expect(reset.statusCode).toBe(200);
      expect(await endedWithin(reader, at)).toBeLessThan(1_000);
    });

    it('answers HEAD with the stream’s headers and opens nothing', async () => {
      const { signIn } = await signedIn();
      const { access } = await signIn();
      for (let index = 0; index < LIVE_STREAMS_PER_PERSON + 2; index += 1) {
        const head = await headOverHttp(origin, access);
        expect(head.status).toBe(200);
        expect(head.headers['content-type']).toMatch(/^text\/event-stream/);
        expect(head.headers['cache-control']).toBe('no-store, no-cache, no-transform');
      }
      expect((await headOverHttp(origin, 'not-a-token')).status).toBe(401);
      // Had a HEAD held a stream, these would be refused.
      for (let index = 0; index < LIVE_STREAMS_PER_PERSON; index += 1) {
        expect((await stream(access)).status).toBe(200);
      }
    });

    it(`lets a person hold ${LIVE_STREAMS_PER_PERSON} streams and answers the next with 429 problem JSON and Retry-After`, async () => {
      const { signIn } = await signedIn();
      const here = await signIn();
      const elsewhere = await signIn();
      const held: EventStreamReader[] = [];
      for (let index = 0; index < LIVE_STREAMS_PER_PERSON; index += 1) {
        held.push(await stream(index % 2 === 0 ? here.access : elsewhere.access));
      }
      expect(held.map((reader) => reader.status)).toEqual(Array(LIVE_STREAMS_PER_PERSON).fill(200));
      const refused = await stream(here.access);
      expect(refused.status).toBe(429);
      expect(refused.contentType).toMatch(/^application\/problem\+json/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['cache-control']).toBe('no-store');
      // Somebody else is not held back by it.
      expect((await stream((await (await signedIn()).signIn()).access)).status).toBe(200);

      held[0]!.close();
      await held[0]!.ended;
      let reopened = await stream(here.access);
      for (let attempt = 0; reopened.status === 429 && attempt < 20; attempt += 1) {
        // The server learns of the closed connection a moment after the client closes it.
        await new Promise((resolve) => setTimeout(resolve, 50));
        reopened = await stream(here.access);
      }
      expect(reopened.status).toBe(200);
    });

    it('refuses a stream to an access token whose session was logged out', async () => {
      const { signIn } = await signedIn();
      const tokens = await signIn();
      await logout(tokens);
      expect((await stream(tokens.access)).status).toBe(401);
    });
  },
);

describe.each(dialects)('a client that stops reading its stream, on %s', (dialect) => {
  it('is dropped once the stream’s bounded buffer is full, not buffered for', async () => {
    // A heartbeat every millisecond fills the buffers in seconds, as hours of events would.
    const built = await createTestApp(dialect, {}, { liveUpdates: { heartbeatMs: 1 } });
    try {
      const origin = await listen(built.app);
      const user = await insertUser(built.database.db);
      const { access } = await loginTokens(built.app, user.email);
      const sockets: Socket[] = [];
      built.app.server.on('connection', (socket: Socket) => sockets.push(socket));
      const reader = await openEventStream(origin, access);
      await reader.next((event) => event.event === 'unread');
      expect(sockets).toHaveLength(1);
      // What the kernel does to the server when the client's window and its own send buffer
      // are full, which takes megabytes on loopback: every write stays in the process.
      sockets[0]!.cork();
      const at = performance.now();
      expect(await endedWithin(reader, at, 10_000)).toBeLessThan(10_000);
      expect(sockets[0]!.destroyed).toBe(true);
    } finally {
      await built.close();
    }
  });
});

describe.runIf(dialects.includes('postgres'))('two apps on one PostgreSQL', () => {
  const t = useTestApp('postgres');
  let other: App | undefined;
  let origin: string;
  const readers: EventStreamReader[] = [];

  beforeAll(async () => {
    origin = await listen(t.app);
    other = await buildApp(
      testConfig({ database: t.database.config, jwtSecret: t.config.jwtSecret }),
    );
    await other.ready();
    return async () => {
      await other?.close();
    };
  });
  afterEach(() => {
    for (const reader of readers.splice(0)) reader.close();
  });

  async function stream(access: string) {
    const reader = await openEventStream(origin, access);
    readers.push(reader);
    await reader.next((event) => event.event === 'unread');
    return reader;
  }

  it('ends a stream held by one process within a second of its session’s logout through the other', async () => {
    const user = await insertUser(t.database.db);
    const here = await loginTokens(t.app, user.email);
    const elsewhere = await loginTokens(t.app, user.email);
    const reader = await stream(here.access);
    const untouched = await stream(elsewhere.access);

    const loggedOut = await postJson(other!, apiPaths.logout, { refresh: here.refresh });
    const at = performance.now();
    expect(loggedOut.statusCode).toBe(204);
    expect(await endedWithin(reader, at)).toBeLessThan(1_000);
    expect(await stillOpenAfter(untouched, 300)).toBe(true);
  });

  it('ends every stream of the person held by one process within a second of a password change through the other', async () => {
    const user = await insertUser(t.database.db);
    const tokens = await loginTokens(t.app, user.email);
    const readers = [await stream(tokens.access), await stream(tokens.access)];
    const changed = await postJson(
      other!,
      apiPaths.changePassword,
      { current_password: DEFAULT_PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD },
      bearer(tokens.access),
    );
    const at = performance.now();
    expect(changed.statusCode).toBe(200);
    for (const reader of readers) expect(await endedWithin(reader, at)).toBeLessThan(1_000);
  });
});
