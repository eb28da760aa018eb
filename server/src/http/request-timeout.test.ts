import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '@um/contract';
import { buildApp } from '../app.js';
import type { App } from '../app-context.js';
import { testConfig } from '../test/harness.js';

const TIMEOUT_MS = 1_000;
/** Long enough for a request over its limit to have been cut off many times over. */
const GIVE_UP_MS = 8_000;

interface Cutoff {
  /** Milliseconds from the first byte sent to the server closing the connection. */
  closedAfterMs: number | null;
  answer: string;
}

/**
 * Sends a POST whose body arrives one byte at a time, every `everyMs`, over a real socket,
 * until the server closes the connection or GIVE_UP_MS has passed.
 */
function sendBodySlowly(port: number, everyMs: number): Promise<Cutoff> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs, answer });
    };
    const giveUp = setTimeout(() => finish(null), GIVE_UP_MS);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => finish(performance.now() - started));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('connect', () => {
      socket.write(
        `POST ${apiPaths.login} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      timer = setInterval(() => {
        if (socket.writable) socket.write(' ');
      }, everyMs);
    });
  });
}

describe('request time limit', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function listening(build?: (app: App) => void): Promise<number> {
    app = await buildApp(testConfig({ requestTimeoutMs: TIMEOUT_MS }));
    build?.(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    return address.port;
  }

  it('cuts off a client that sends its body a byte at a time, with a 408 problem', async () => {
    const port = await listening();
    const cutoff = await sendBodySlowly(port, 250);
    expect(cutoff.closedAfterMs, 'the connection was still open').not.toBeNull();
    expect(cutoff.closedAfterMs!).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(cutoff.closedAfterMs!).toBeLessThan(TIMEOUT_MS + 2_500);
    expect(cutoff.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(cutoff.answer).toContain('application/problem+json');
    expect(cutoff.answer).toContain('The request took too long to arrive.');
  });

  it('lets an answer take longer than the limit once the request has arrived, as the event stream will', async () => {
    const chunks = 5;
    const port = await listening((server) => {
      server.get('/test/slow-stream', async (_request, reply) => {
        let sent = 0;
        const stream = new Readable({
          read() {
            setTimeout(() => this.push(sent < chunks ? `chunk ${(sent += 1)}\n` : null), 400);
          },
        });
        return reply.type('text/plain').send(stream);
      });
    });
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/test/slow-stream`);
    const body = await response.text();
    expect(performance.now() - started).toBeGreaterThan(TIMEOUT_MS);
    expect(response.status).toBe(200);
    expect(body.trim().split('\n')).toHaveLength(chunks);
  });
});
