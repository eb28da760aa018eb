import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import {
  apiPaths,
  LIVE_HEARTBEAT_SECONDS,
  LIVE_STREAMS_PER_PERSON,
  liveEventNames,
  liveTexts,
  problemSchema,
  type LiveEntity,
} from '@um/contract';
import type { ZodApp } from '../app-context.js';
import { bearerToken, currentUserId } from '../http/access.js';
import { HttpError, problemTypes } from '../http/problem.js';
import type { AccessChange, EventBus, LiveChange } from './bus.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a successful answer of this route has changed, for the event stream: published
     * once the handler has answered, so after its transaction committed, and never for an
     * error answer. `callerOnly`: only the caller's own view changed (their read state).
     * `when`: only requests it is true for change anything (an import's dry run does not).
     */
    liveChange?: {
      entity: LiveEntity;
      callerOnly?: boolean;
      when?: (request: FastifyRequest) => boolean;
    };
  }
}

/**
 * What the stream reads from the features above it, handed in by the app so that this layer
 * imports none of them.
 */
export interface LiveUpdateSources {
  /** The unread counts of these users, read in one query (the inbox's). */
  unreadCounts(userIds: readonly number[]): Promise<Map<number, number>>;
  /** The session an access token belongs to and when it expires; null when it is not valid. */
  sessionOf(token: string): { sessionId: string; expiresAtMs: number } | null;
  /** Whether an access token still grants access: the same check as every signed-in request. */
  stillGranted(token: string): Promise<boolean>;
}

export interface LiveUpdateOptions {
  /** How often a silent stream sends a comment line; tests shorten it. */
  heartbeatMs?: number;
}

/**
 * Changes that arrive together (a burst of writes) go out as one event of each kind, at most
 * this long after the first, and every stream's unread count is read in one query per burst.
 */
const COALESCE_MS = 100;

/**
 * What a stream may hold in memory for a client that does not read: its own buffer, on top of
 * the socket's and the kernel's. A stream sends a few hundred bytes a second at most, so a
 * client that leaves this much unread has stopped reading; it is dropped (docs/live-updates.md).
 */
const STREAM_BUFFER_BYTES = 8 * 1024;

/** How long an ended stream waits for its client to take the last bytes. */
const END_GRACE_MS = 5_000;

/** When a person who holds the most streams may try again (decision 0034). */
const RETRY_AFTER_SECONDS = 30;

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-store as every API answer; no-cache and no-transform for proxies that know only those.
  'cache-control': 'no-store, no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'close',
} as const;

/** One open stream, as the access check and the stream cap see it. */
interface OpenStream {
  userId: number;
  sessionId: string;
  /** Asks the access check again; the stream ends if it fails. */
  recheck(): void;
}

/**
 * The event stream and the hook that feeds it: every route that declares a `liveChange`
 * publishes it to the bus after a successful answer. A stream lives no longer than the right to
 * it (docs/live-updates.md): it ends when its token expires, and whenever the bus says the access
 * of its user changed and the access check then refuses its token.
 */
export function liveUpdateRoutes(
  app: ZodApp,
  bus: EventBus,
  sources: LiveUpdateSources,
  options: LiveUpdateOptions = {},
): void {
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_SECONDS * 1000;
  const streams = new Set<PassThrough>();
  const streamsByUser = new Map<number, Set<OpenStream>>();

  // onSend runs once the handler has returned (its writes committed) and before the answer
  // leaves, so a client that hangs up early does not swallow the change. It is added to the
  // routes that declare a change only: reads do not pass through it.
  app.addHook('onRoute', (route) => {
    const change = route.config?.liveChange;
    if (!change) return;
    const publish: onSendHookHandler = (request, reply, payload, done) => {
      if (reply.statusCode < 400 && (change.when?.(request) ?? true)) {
        bus.publish(
          change.callerOnly
            ? { entity: change.entity, userId: currentUserId(request) }
            : { entity: change.entity },
        );
      }
      done(null, payload);
    };
    route.onSend = [...[route.onSend ?? []].flat(), publish];
  });

  const unsubscribeAccess = bus.subscribeAccessChanges((change: AccessChange | 'everyone') => {
    const affected =
      change === 'everyone'
        ? [...streamsByUser.values()].flatMap((open) => [...open])
        : [...(streamsByUser.get(change.userId) ?? [])].filter(
            (open) => change.sessionId === undefined || open.sessionId === change.sessionId,
          );
    for (const open of affected) open.recheck();
  });

  // Streams never finish by themselves: ending them before the server closes lets a SIGTERM
  // drain the other requests and exit, and the clients reconnect to another process.
  app.addHook('preClose', async () => {
    unsubscribeAccess();
    clearTimeout(tick);
    for (const stream of streams) stream.end();
  });

  const description =
    'Server-Sent Events: `unread` ({ count }) first and on every change of it, `changed` ' +
    '({ entity }) when anyone changes students, standards or messages. Ends when the access ' +
    'token expires, and within a second of a logout of its session, a password change or reset. ' +
    `At most ${LIVE_STREAMS_PER_PERSON} per person (429 beyond).`;

  app.get(
    apiPaths.events,
    {
      // Fastify's automatic HEAD route runs this handler, opening a stream that nothing ends.
      exposeHeadRoute: false,
      schema: {
        operationId: 'streamEvents',
        tags: ['events'],
        summary: 'Live updates: what changed, as it changes',
        description,
        produces: ['text/event-stream'],
        response: {
          200: z
            .string()
            .describe(
              'Server-Sent Events, each an `id`, an `event` name and one line of JSON `data`, with comment lines between them',
            ),
          429: problemSchema,
        },
      },
    },
    async (request, reply) => openStream(request, reply),
  );

  app.head(
    apiPaths.events,
    {
      schema: {
        tags: ['events'],
        summary: "The stream's headers, without opening one",
        response: { 200: z.null().describe('No body') },
      },
    },
    async (_request, reply) => reply.headers(STREAM_HEADERS).send(null),
  );

  interface Listening {
    userId: number;
    flush(counts: ReadonlyMap<number, number> | null): void;
    unreadDue: boolean;
  }

  // One timer for every stream: when it fires, the unread counts of all the users whose
  // streams need one are read together, then each stream writes what it has gathered.
  const due = new Set<Listening>();
  let tick: NodeJS.Timeout | undefined;

  function schedule(listening: Listening): void {
    due.add(listening);
    tick ??= setTimeout(() => void flushAll(), COALESCE_MS);
  }

  async function flushAll(): Promise<void> {
    const batch = [...due];
    due.clear();
    const users = new Set(batch.filter((one) => one.unreadDue).map((one) => one.userId));
    let counts: Map<number, number> | null = null;
    try {
      counts = await sources.unreadCounts([...users]);
    } catch (error) {
      // The database is away: the counts are sent again once the bus has reconnected.
      app.log.warn({ err: error }, 'live updates: could not read the unread counts');
    }
    for (const one of batch) one.flush(counts);
    tick = due.size > 0 ? setTimeout(() => void flushAll(), COALESCE_MS) : undefined;
  }

  function openStream(request: FastifyRequest, reply: FastifyReply) {
    const userId = currentUserId(request);
    const token = bearerToken(request);
    const session = sources.sessionOf(token);
    if (session === null)
      throw new Error('The signed-in scope admitted a token without a session.');
    const { sessionId, expiresAtMs } = session;
    // Counted in this process only, and decided synchronously, so no two requests race past
    // the limit (decision 0034).
    const held = streamsByUser.get(userId) ?? new Set<OpenStream>();
    if (held.size >= LIVE_STREAMS_PER_PERSON) {
      throw new HttpError(429, liveTexts.tooManyStreams, {
        type: problemTypes.rateLimited,
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      });
    }

    const stream = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
    streams.add(stream);
    let eventId = 0;
    let lastUnread: number | null = null;
    const changed = new Set<LiveEntity>();

    /**
     * Every write goes through here. A write the stream cannot take without buffering past
     * its bound means the client has stopped reading: the connection is closed rather than
     * the data kept for it.
     */
    const send = (text: string) => {
      if (stream.writableEnded || stream.destroyed) return;
      if (stream.write(text)) return;
      request.log.info('live updates: dropped a stream whose client stopped reading');
      reply.raw.destroy();
    };

    /** Ends the stream; a client that does not take its last bytes is cut off shortly after. */
    const end = () => {
      if (stream.writableEnded) return;
      stream.end();
      setTimeout(() => reply.raw.destroy(), END_GRACE_MS).unref();
    };

    /** What one flush sends goes out in one write: a socket write each cost the others. */
    const format = (event: string, data: unknown) => {
      eventId += 1;
      return `id: ${eventId}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    };

    const listening: Listening = {
      userId,
      unreadDue: true,
      flush(counts) {
        if (stream.writableEnded) return;
        let text = '';
        for (const entity of changed) text += format(liveEventNames.changed, { entity });
        changed.clear();
        const count = listening.unreadDue ? counts?.get(userId) : undefined;
        if (count !== undefined) {
          listening.unreadDue = false;
          if (count !== lastUnread) text += format(liveEventNames.unread, { count });
          lastUnread = count;
        }
        if (text) send(text);
      },
    };

    // Asked again whenever the bus says this user's access changed. A change that arrives
    // while a check runs asks once more after it, since that check may have read the database
    // before the change committed. A check that cannot be made (the database is away) ends the
    // stream too: the client reconnects once it is back, through the guard.
    let checking = false;
    let askAgain = false;
    const open: OpenStream = {
      userId,
      sessionId,
      recheck() {
        if (checking) {
          askAgain = true;
          return;
        }
        checking = true;
        void (async () => {
          try {
            do {
              askAgain = false;
              const granted = await sources.stillGranted(token).catch((error: unknown) => {
                request.log.warn({ err: error }, 'live updates: could not check access');
                return false;
              });
              if (!granted) {
                end();
                return;
              }
            } while (askAgain && !stream.writableEnded);
          } finally {
            checking = false;
          }
        })();
      },
    };
    held.add(open);
    streamsByUser.set(userId, held);

    const unsubscribe = bus.subscribe((change: LiveChange) => {
      if (change.userId !== undefined && change.userId !== userId) return;
      changed.add(change.entity);
      if (change.entity === 'messages') listening.unreadDue = true;
      schedule(listening);
    });
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
    // The stream speaks for its token only as long as the token is valid; the client then
    // refreshes and reconnects, and is authorised again.
    const expiry = setTimeout(end, Math.max(0, expiresAtMs - Date.now() + 1));

    stream.once('close', () => {
      streams.delete(stream);
      held.delete(open);
      if (held.size === 0 && streamsByUser.get(userId) === held) streamsByUser.delete(userId);
      due.delete(listening);
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(expiry);
    });

    schedule(listening);
    return reply.headers(STREAM_HEADERS).send(stream);
  }
}
