import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import {
  apiPaths,
  LIVE_HEARTBEAT_SECONDS,
  liveEventNames,
  problemSchema,
  type LiveEntity,
} from '@um/contract';
import type { AppContext, ZodApp } from '../app-context.js';
import { readAccessToken } from '../auth/access-token.js';
import { currentUserId, requireUser } from '../auth/guard.js';
import { unreadCountsOf } from '../messages/repository.js';
import type { EventBus, LiveChange } from './bus.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a successful answer of this route has changed, for the event stream: published
     * once the handler has answered, so after its transaction committed, and never for an
     * error answer. `callerOnly`: only the caller's own view changed (their read state).
     */
    liveChange?: { entity: LiveEntity; callerOnly?: boolean };
  }
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

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The event stream of DESIGN.md 6 and the hook that feeds it: every route that declares a
 * `liveChange` publishes it to the bus after a successful answer.
 */
export function liveUpdateRoutes(
  app: ZodApp,
  { config, database }: AppContext,
  bus: EventBus,
  options: LiveUpdateOptions = {},
): void {
  const { db } = database;
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_SECONDS * 1000;
  const streams = new Set<PassThrough>();

  // onSend runs once the handler has returned (its writes committed) and before the answer
  // leaves, so a client that hangs up early does not swallow the change. It is added to the
  // routes that declare a change only: reads do not pass through it.
  app.addHook('onRoute', (route) => {
    const change = route.config?.liveChange;
    if (!change) return;
    const publish: onSendHookHandler = (request, reply, payload, done) => {
      if (reply.statusCode < 400) {
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

  // Streams never finish by themselves: ending them before the server closes lets a SIGTERM
  // drain the other requests and exit, and the clients reconnect to another process.
  app.addHook('preClose', async () => {
    clearTimeout(tick);
    for (const stream of streams) stream.end();
  });

  app.get(
    apiPaths.events,
    {
      onRequest: requireUser(db, config.jwtSecret),
      schema: {
        tags: ['events'],
        security: [{ bearer: [] }],
        summary:
          'Server-Sent Events: `unread` ({ count }) first and on every change of it, `changed` ' +
          '({ entity }) when anyone changes students, standards or messages. Ends when the ' +
          'access token expires.',
        produces: ['text/event-stream'],
        response: { 401: problemSchema },
      },
    },
    async (request, reply) => openStream(request, reply),
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
      counts = await unreadCountsOf(db, [...users]);
    } catch (error) {
      // The database is away: the counts are sent again once the bus has reconnected.
      app.log.warn({ err: error }, 'live updates: could not read the unread counts');
    }
    for (const one of batch) one.flush(counts);
    tick = due.size > 0 ? setTimeout(() => void flushAll(), COALESCE_MS) : undefined;
  }

  function openStream(request: FastifyRequest, reply: FastifyReply) {
    const userId = currentUserId(request);
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const expiresAtMs = (readAccessToken(config.jwtSecret, token)?.expiresAt ?? 0) * 1000;

    const stream = new PassThrough();
    streams.add(stream);
    let eventId = 0;
    let lastUnread: number | null = null;
    const changed = new Set<LiveEntity>();

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
        if (text) stream.write(text);
      },
    };

    const unsubscribe = bus.subscribe((change: LiveChange) => {
      if (change.userId !== undefined && change.userId !== userId) return;
      changed.add(change.entity);
      if (change.entity === 'messages') listening.unreadDue = true;
      schedule(listening);
    });
    const heartbeat = setInterval(() => {
      if (!stream.writableEnded) stream.write(': heartbeat\n\n');
    }, heartbeatMs);
    // The stream speaks for its token only as long as the token is valid; the client then
    // refreshes and reconnects, and is authorised again.
    const expiry = setTimeout(() => stream.end(), Math.max(0, expiresAtMs - Date.now() + 1));

    stream.once('close', () => {
      streams.delete(stream);
      due.delete(listening);
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(expiry);
    });

    schedule(listening);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .header('connection', 'close')
      .send(stream);
  }
}
