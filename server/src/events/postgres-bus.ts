import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { liveEntities, liveEntitySchema } from '@um/contract';
import type { Db } from '../db/database.js';
import type { AccessChange, AccessListener, EventBus, LiveChange, LiveListener } from './bus.js';

export interface PostgresBusOptions {
  url: string;
  /** Tests give every app a schema of its own in one database; its changes stay in it. */
  schema?: string | undefined;
  /** The pool, only to publish while the listening connection is down. */
  db: Db;
  log: FastifyBaseLogger;
  /** Waits between reconnection attempts: doubling from the first to the last. */
  backoffMs?: { first: number; last: number };
}

/**
 * What travels in a notification: who sent it (so a process skips its own), and either a
 * change of records (`e`, and `u` for one person's view) or a change of access (`a`, the
 * person, and `s`, one session of theirs). A process that knows only record changes ignores
 * access changes, which carry no `e`.
 */
interface Wire {
  o: string;
  e?: string;
  u?: number;
  a?: number;
  s?: string;
}

const NOTIFY = 'select pg_notify($1, $2)';

/**
 * Changes travel between API processes on one PostgreSQL as NOTIFY on one channel, and arrive
 * through LISTEN on a connection of the bus's own: a pooled connection would be handed to
 * queries and lose the LISTEN. When that connection drops (PostgreSQL restarts, the network
 * cuts) the bus reconnects by itself with backoff and listens again; since it cannot know what
 * it missed meanwhile, it then tells its listeners that everything may have changed.
 *
 * A process delivers its own changes to its own listeners directly, so they never wait on
 * PostgreSQL, and skips them when they come back as notifications.
 */
export function createPostgresBus(options: PostgresBusOptions): EventBus {
  const { url, schema, db, log } = options;
  const backoff = options.backoffMs ?? { first: 100, last: 5_000 };
  const channel = schema ? `um_events_${schema}` : 'um_events';
  const origin = randomUUID();
  const listeners = new Set<LiveListener>();
  const accessListeners = new Set<AccessListener>();
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let everListened = false;
  let retry: NodeJS.Timeout | undefined;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));

  const deliver = (change: LiveChange) => {
    for (const listener of listeners) listener(change);
  };
  const deliverAccess = (change: AccessChange | 'everyone') => {
    for (const listener of accessListeners) listener(change);
  };

  function received(message: pg.Notification): void {
    if (message.channel !== channel || !message.payload) return;
    let wire: Wire;
    try {
      wire = JSON.parse(message.payload) as Wire;
    } catch {
      return;
    }
    if (wire.o === origin) return;
    if (Number.isSafeInteger(wire.a)) {
      const userId = wire.a as number;
      deliverAccess(typeof wire.s === 'string' ? { userId, sessionId: wire.s } : { userId });
      return;
    }
    const entity = liveEntitySchema.safeParse(wire.e);
    if (!entity.success) return;
    deliver(
      typeof wire.u === 'number'
        ? { entity: entity.data, userId: wire.u }
        : { entity: entity.data },
    );
  }

  function scheduleReconnect(): void {
    if (closed || retry) return;
    const delay = Math.min(backoff.last, backoff.first * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.end().catch(() => undefined);
      if (!closed) {
        log.warn(
          { err: error },
          'live updates: lost the PostgreSQL LISTEN connection; reconnecting',
        );
        scheduleReconnect();
      }
    };
    next.on('error', lose);
    next.on('end', () => lose());
    next.on('notification', received);
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      lose(error);
      markStarted();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
    if (everListened) {
      log.info('live updates: listening again');
      for (const entity of liveEntities) deliver({ entity });
      deliverAccess('everyone');
    }
    everListened = true;
    markStarted();
  }

  function notify(wire: Wire, what: string): void {
    const payload = JSON.stringify(wire);
    (client
      ? client.query(NOTIFY, [channel, payload])
      : sql`select pg_notify(${channel}, ${payload})`.execute(db)
    ).catch((error: unknown) =>
      log.warn({ err: error }, `live updates: could not tell the other processes of ${what}`),
    );
  }

  void connect();

  return {
    publish(change) {
      deliver(change);
      const wire: Wire = { o: origin, e: change.entity };
      if (change.userId !== undefined) wire.u = change.userId;
      notify(wire, 'a change');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publishAccessChange(change) {
      deliverAccess(change);
      const wire: Wire = { o: origin, a: change.userId };
      if (change.sessionId !== undefined) wire.s = change.sessionId;
      notify(wire, 'a change of access');
    },
    subscribeAccessChanges(listener) {
      accessListeners.add(listener);
      return () => accessListeners.delete(listener);
    },
    started,
    async close() {
      closed = true;
      clearTimeout(retry);
      listeners.clear();
      accessListeners.clear();
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
