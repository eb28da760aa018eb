import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, IMPORT_MAX_ROWS, LIVE_STREAMS_PER_PERSON, recordPaths } from '@um/contract';
import { openEventStream, type EventStreamReader } from '../src/test/event-stream.js';
import { startSmtpCatcher, type SmtpCatcher } from '../src/test/smtp-catcher.js';
import { call, signUp, type Staff } from './support/api.js';
import {
  killAllChildren,
  startControlServer,
  startServer,
  tempDir,
  type ServerProcess,
} from './support/processes.js';
import { report } from './support/report.js';

/**
 * What a signed-in person could send to stall the server for everyone else (docs/reliability.md,
 * "Hostile clients": nothing a signed-in person sends can stall the server, and an event stream
 * lives no longer than the right to it), sent to the built server as a real process: uploads of 10 MB built
 * to be slow to read, a flood of HEADs on the event stream, a thousand streams on one token,
 * and streams whose clients never read. Throughout, a monitor asks `/healthz` every 50 ms, as a
 * load balancer would: it must answer within a second every time, beyond what a bare Node server
 * on the same machine took at the same moment.
 */

const MB = 1024 * 1024;
const HEADER = 'name,email,roll_number,standard';
const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A file of `bytes` at most: the header, then `line` over and over. */
const flood = (line: string, bytes: number) =>
  `${HEADER}\n${line.repeat(Math.floor((bytes - HEADER.length - 1) / line.length))}`;

function rssMB(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { now: Math.round(kB('VmRSS') / 1024), peak: Math.round(kB('VmHWM') / 1024) };
}

/** How long `url` took to answer, or undefined if it failed or was not 200. */
async function timedGet(url: string): Promise<number | undefined> {
  const sent = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.ok ? performance.now() - sent : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks the server's /healthz every 50 ms until stopped, and the control server at the same
 * moment: the server's own delay is how much longer it took than the control, so what the test
 * charges to the server is the server's and not a pause of the whole machine (the test's own
 * process, another job on the host). Returns the slowest answers and how many failed.
 */
function watchHealth(origin: string, control: { origin: string }) {
  const latencies: number[] = [];
  const delays: number[] = [];
  let controlSlowest = 0;
  let failures = 0;
  let watching = true;
  const done = (async () => {
    while (watching) {
      const [server, bare] = await Promise.all([
        timedGet(`${origin}/healthz`),
        timedGet(control.origin),
      ]);
      if (server === undefined) failures += 1;
      else {
        latencies.push(server);
        delays.push(server - (bare ?? 0));
      }
      controlSlowest = Math.max(controlSlowest, bare ?? 0);
      await sleep(50);
    }
  })();
  return {
    async stop() {
      watching = false;
      await done;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        asked: latencies.length + failures,
        failures,
        p50Ms: Math.round(sorted[Math.floor(sorted.length * 0.5)] ?? 0),
        p99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
        slowestMs: Math.round(sorted.at(-1) ?? 0),
        controlSlowestMs: Math.round(controlSlowest),
        slowestOwnDelayMs: Math.round(Math.max(0, ...delays)),
      };
    },
  };
}

/** HEAD /api/events/ over a connection of its own; resolves with the status. */
function head(origin: string, access: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      new URL(apiPaths.events, origin),
      { method: 'HEAD', agent: false, headers: { authorization: `Bearer ${access}` } },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.once('error', reject);
    sent.end();
  });
}

/** Runs `task` `total` times, `concurrency` at a time. */
async function pool<T>(total: number, concurrency: number, task: (index: number) => Promise<T>) {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next;
        next += 1;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

/** The median time of `count` message posts, one after another. */
async function postMedianMs(server: ServerProcess, staff: Staff, count: number) {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const sent = performance.now();
    const posted = await call(server.origin, 'POST', apiPaths.messages, {
      token: staff.access,
      body: { content: `timing ${index}` },
    });
    expect(posted.status).toBe(201);
    times.push(performance.now() - sent);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[Math.floor(count / 2)] ?? 0) * 10) / 10;
}

/**
 * A stream opened over a raw socket whose client never reads: the request is sent, and not a
 * byte of the answer is taken off the socket.
 */
function unreadStream(port: number, access: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${apiPaths.events} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${access}\r\n\r\n`,
      );
      socket.pause();
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

describe('hostile clients against the server process', () => {
  let smtp: SmtpCatcher;
  let server: ServerProcess;
  let control: { origin: string };
  let dataDir: string;
  const staff: Staff[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    control = await startControlServer();
    dataDir = tempDir('um-rel-hostile-');
    // No DATABASE_URL: the default database in DATA_DIR, as a school's first install has it.
    server = await startServer({
      databaseUrl: '',
      dataDir,
      env: { SMTP_URL: smtp.url },
    });
    for (let index = 0; index < 14; index += 1) {
      staff.push(await signUp(server.origin, smtp, `hostile.${index}.${Date.now()}@school.test`));
    }
  });
  afterAll(async () => {
    await killAllChildren();
    await smtp?.close();
  });

  it('keeps /healthz answering within a second throughout 10 MB uploads built to be slow to read (a row of bare commas among them), and answers each briefly', async () => {
    const uploads: [string, string][] = [
      ['10 MB of empty lines', flood('\n', 10 * MB)],
      ['10 MB of ,,,x rows', flood(',,,x\n', 10 * MB)],
      [
        '20,000 rows of 500 characters, every one wrong',
        `${HEADER}\n${`${'n'.repeat(492)},e,r,s\n`.repeat(IMPORT_MAX_ROWS)}`,
      ],
      ['20,000 rows of one cell', `${HEADER}\n${'x\n'.repeat(IMPORT_MAX_ROWS)}`],
      ['one row of 2,000,000 commas', ','.repeat(2_000_000)],
      ['10 MB of commas below the header', flood(',', 10 * MB)],
    ];
    const figures: Record<string, unknown>[] = [];
    for (const [name, body] of uploads) {
      const monitor = watchHealth(server.origin, control);
      await sleep(200);
      const sent = performance.now();
      const response = await fetch(`${server.origin}${recordPaths.studentsImport}?dry_run=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staff[0]!.access}`, 'content-type': 'text/csv' },
        body,
      });
      const answer = await response.text();
      const tookMs = Math.round(performance.now() - sent);
      await sleep(200);
      const health = await monitor.stop();
      figures.push({
        upload: name,
        megabytes: Math.round((Buffer.byteLength(body) / MB) * 10) / 10,
        status: response.status,
        answerBytes: answer.length,
        tookMs,
        ...health,
        serverRssMB: rssMB(server.pid),
      });
      expect([200, 400, 413], name).toContain(response.status);
      expect(answer.length, name).toBeLessThan(300_000);
      expect(health.failures, name).toBe(0);
      expect(health.slowestOwnDelayMs, name).toBeLessThan(1_000);
    }
    report('hostile uploads', { uploads: figures });
  });

  it('opens nothing for a flood of HEADs on the event stream: posts stay as fast and the person can still open their streams', async () => {
    const [person, poster] = [staff[1]!, staff[2]!];
    const before = await postMedianMs(server, poster, 40);
    const rssBefore = rssMB(server.pid);
    const monitor = watchHealth(server.origin, control);
    const started = performance.now();
    const statuses = await pool(15_000, 50, () => head(server.origin, person.access));
    const floodMs = Math.round(performance.now() - started);
    const health = await monitor.stop();
    const after = await postMedianMs(server, poster, 40);
    const rssAfter = rssMB(server.pid);

    const streams: EventStreamReader[] = [];
    try {
      for (let index = 0; index < LIVE_STREAMS_PER_PERSON; index += 1) {
        streams.push(await openEventStream(server.origin, person.access));
      }
      expect(streams.map((stream) => stream.status)).toEqual(
        Array(LIVE_STREAMS_PER_PERSON).fill(200),
      );
    } finally {
      for (const stream of streams) stream.close();
    }
    report('HEAD flood', {
      heads: statuses.length,
      answered200: statuses.filter((status) => status === 200).length,
      floodMs,
      postMedianBeforeMs: before,
      postMedianAfterMs: after,
      rssBeforeMB: rssBefore.now,
      rssAfterMB: rssAfter.now,
      ...health,
    });
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(health.slowestOwnDelayMs).toBeLessThan(1_000);
    expect(after).toBeLessThan(before * 3 + 20);
  });

  it('answers 1,000 streams opened at once on one token with 10 streams and 429 for the rest', async () => {
    const person = staff[3]!;
    const started = performance.now();
    const streams = await pool(1_000, 100, () => openEventStream(server.origin, person.access));
    const tookMs = Math.round(performance.now() - started);
    const opened = streams.filter((stream) => stream.status === 200);
    const refused = streams.filter((stream) => stream.status === 429);
    for (const stream of streams) stream.close();
    report('1,000 streams on one token', {
      opened: opened.length,
      refused429: refused.length,
      tookMs,
      retryAfter: refused[0]?.headers['retry-after'],
    });
    expect(opened).toHaveLength(LIVE_STREAMS_PER_PERSON);
    expect(refused).toHaveLength(1_000 - LIVE_STREAMS_PER_PERSON);
  });

  it('holds 100 streams whose clients never read while messages are posted, with /healthz answering within a second and memory bounded', async () => {
    const readers = staff.slice(4, 14);
    const rssBefore = rssMB(server.pid);
    const sockets: Socket[] = [];
    try {
      for (const reader of readers) {
        for (let index = 0; index < LIVE_STREAMS_PER_PERSON; index += 1) {
          sockets.push(await unreadStream(server.port, reader.access));
        }
      }
      const monitor = watchHealth(server.origin, control);
      const poster = staff[0]!;
      for (let index = 0; index < 300; index += 1) {
        const posted = await call(server.origin, 'POST', apiPaths.messages, {
          token: poster.access,
          body: { content: `to unread streams ${index}` },
        });
        expect(posted.status).toBe(201);
      }
      await sleep(500);
      const health = await monitor.stop();
      const rssAfter = rssMB(server.pid);
      report('unread streams', {
        streams: sockets.length,
        messagesPosted: 300,
        rssBeforeMB: rssBefore.now,
        rssAfterMB: rssAfter.now,
        ...health,
      });
      expect(health.slowestOwnDelayMs).toBeLessThan(1_000);
      expect(rssAfter.now - rssBefore.now).toBeLessThan(100);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it('backs the running server up with npm run backup from the built server, into a file only its owner reads', async () => {
    const file = join(tempDir('um-rel-backup-'), 'school.db');
    const { stdout } = await run('npm', ['run', '--silent', 'backup', '--', file], {
      cwd: repoRoot,
      env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, INIT_CWD: repoRoot },
    });
    expect(stdout).toContain('Backed up');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const copy = new SQLite(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const users = copy.prepare('select count(*) from users').pluck().get() as number;
      expect(users).toBe(staff.length);
    } finally {
      copy.close();
    }
    for (const path of ['.', 'app.db', 'app.db-wal', 'app.db-shm']) {
      expect((statSync(join(dataDir, path)).mode & 0o777).toString(8), path).toBe(
        path === '.' ? '700' : '600',
      );
    }
  });
});
