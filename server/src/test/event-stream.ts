import { get, type IncomingHttpHeaders } from 'node:http';
import { apiPaths } from '@um/contract';
import type { App } from '../app-context.js';

/** Makes the app listen on a free loopback port; returns its origin. */
export async function listen(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

export interface StreamEvent {
  id: number;
  event: string;
  // Each test reads the payload fields it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  /** Milliseconds since the stream was opened. */
  at: number;
}

export interface EventStreamReader {
  status: number;
  headers: IncomingHttpHeaders;
  contentType: string;
  events: StreamEvent[];
  /** Comment lines (heartbeats) received so far. */
  comments: number;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  /** The first event (from `from` on) that `matches`, or a failure after `timeoutMs`. */
  next(
    matches: (event: StreamEvent) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<StreamEvent>;
  close(): void;
}

/**
 * Opens `GET /api/events/` as the web app does (the bearer header, not a cookie) on a listening
 * server and parses what arrives, as a Server-Sent Events client would. Each stream has a
 * connection of its own, closed with it, so no test leaves a connection behind.
 */
export function openEventStream(origin: string, access: string): Promise<EventStreamReader> {
  const opened = performance.now();
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let comments = 0;
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));

  return new Promise((resolve, reject) => {
    const request = get(
      new URL(apiPaths.events, origin),
      { agent: false, headers: { authorization: `Bearer ${access}`, accept: 'text/event-stream' } },
      (response) => {
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments += 1;
              else {
                const colon = line.indexOf(':');
                fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
              }
            }
            if (!fields.has('event')) continue;
            events.push({
              id: Number(fields.get('id')),
              event: fields.get('event') ?? '',
              data: JSON.parse(fields.get('data') ?? 'null'),
              at: performance.now() - opened,
            });
            for (const waiter of [...waiters]) waiter();
          }
        });
        response.once('close', markEnded);
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          headers: response.headers,
          events,
          get comments() {
            return comments;
          },
          ended,
          next(matches, timeoutMs = 1_000, from = 0) {
            return new Promise((found, fail) => {
              const check = () => {
                const event = events.slice(from).find(matches);
                if (!event) return false;
                waiters.delete(check);
                clearTimeout(timer);
                found(event);
                return true;
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`no such event within ${timeoutMs} ms: ${JSON.stringify(events)}`));
              }, timeoutMs);
              if (!check()) waiters.add(check);
            });
          },
          close: () => request.destroy(),
        });
      },
    );
    request.once('error', (error: NodeJS.ErrnoException) => {
      markEnded();
      reject(error);
    });
  });
}
