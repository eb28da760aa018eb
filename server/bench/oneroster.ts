/**
 * `npm run bench:oneroster`: what the OneRoster 1.2 REST API and the bulk zip cost a school of
 * 2 000 students and one of 8 000, on the real built server (docs/oneroster.md).
 *
 * For each school: seeds SQLite in a temporary directory (a guardian for most students, as the
 * seed makes them), makes its first staff member an admin, starts `server/dist/main.js`, creates
 * an API client through the API and takes a token as another system would. Then, over HTTP:
 * pages of 100 users at offsets across the roster, a whole pass through the users and through
 * the enrollments, 100 at a time, a delta with nothing in it, and the bulk zip. Server CPU is the
 * process's own (/proc), peak memory its high-water mark. Prints figures; nothing is a target.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, ONEROSTER_BASE_PATH, rosterPaths } from '@um/contract';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seed, type SeedCounts } from '../src/seed/seed.js';
import { startApiServer, type ServerProcess } from './processes.js';

const PASSWORD = 'bench-password';
const PAGE = 100;
const SAMPLED_PAGES = 20;
const SCHOOLS: SeedCounts[] = [
  { users: 20, standards: 24, students: 2_000, messages: 0 },
  { users: 60, standards: 96, students: 8_000, messages: 0 },
];

const print = (line = '') => process.stdout.write(`${line}\n`);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

/**
 * The admin's bearer (for the zip) and an API client's (for the REST API), made as an admin and
 * another system would make them.
 */
async function bearers(origin: string, adminEmail: string) {
  const login = await fetch(origin + apiPaths.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: { access: string } };
  const created = await fetch(origin + rosterPaths.apiClients, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench SIS' }),
  });
  if (created.status !== 201) throw new Error(`api-clients: ${await created.text()}`);
  const { data } = (await created.json()) as {
    data: { client_id: string; client_secret: string };
  };
  const granted = await fetch(origin + rosterPaths.oauthToken, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${data.client_id}:${data.client_secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  if (granted.status !== 200) throw new Error(`token: ${await granted.text()}`);
  const { access_token } = (await granted.json()) as { access_token: string };
  return { admin: `Bearer ${token.access}`, roster: `Bearer ${access_token}` };
}

interface Timed {
  ms: number;
  serverCpuMs: number;
  bytes: number;
  total: number;
}

/** One GET, read to the end: wall time, the server's CPU time meanwhile, size, X-Total-Count. */
async function timedGet(server: ServerProcess, url: string, auth: string): Promise<Timed> {
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  const response = await fetch(server.origin + url, { headers: { authorization: auth } });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`${url}: ${response.status} ${Buffer.from(body).toString().slice(0, 300)}`);
  }
  return {
    ms,
    serverCpuMs: (server.cpuSeconds() - cpuBefore) * 1000,
    bytes: body.byteLength,
    total: Number(response.headers.get('x-total-count') ?? 0),
  };
}

/** Every page of a collection, 100 at a time, as a system copying the roster reads it. */
async function wholePass(server: ServerProcess, collection: string, auth: string) {
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  let pages = 0;
  let total = Number.POSITIVE_INFINITY;
  for (let offset = 0; offset < total; offset += PAGE) {
    const page = await timedGet(
      server,
      `${ONEROSTER_BASE_PATH}/${collection}?limit=${PAGE}&offset=${offset}`,
      auth,
    );
    total = page.total;
    pages += 1;
  }
  return {
    records: total,
    pages,
    seconds: (performance.now() - started) / 1000,
    serverCpuSeconds: server.cpuSeconds() - cpuBefore,
  };
}

async function measureSchool(counts: SeedCounts) {
  const tempDir = mkdtempSync(join(tmpdir(), 'um-bench-oneroster-'));
  const filename = join(tempDir, 'bench.sqlite');
  let server: ServerProcess | undefined;
  try {
    const handle = createDatabase({ dialect: 'sqlite', filename });
    await migrateToLatest(handle.db, handle.dialect);
    await seed(handle.db, counts, { password: PASSWORD, randomSeed: 7 });
    const admin = await handle.db
      .selectFrom('users')
      .select(['id', 'email'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', admin.id)
      .execute();
    await handle.destroy();

    const startedAt = new Date().toISOString();
    server = await startApiServer({ databaseUrl: `sqlite:${filename}`, dataDir: tempDir });
    const { admin: adminAuth, roster: auth } = await bearers(server.origin, admin.email);
    const users = `${ONEROSTER_BASE_PATH}/users?limit=${PAGE}`;
    const { total: userCount } = await timedGet(server, users, auth);
    const pages: Timed[] = [];
    for (let n = 0; n < SAMPLED_PAGES; n += 1) {
      const offset = Math.floor((n * userCount) / SAMPLED_PAGES / PAGE) * PAGE;
      pages.push(await timedGet(server, `${users}&offset=${offset}`, auth));
    }
    const userPass = await wholePass(server, 'users', auth);
    const enrollmentPass = await wholePass(server, 'enrollments', auth);
    // Everything was seeded before the server started: nothing has changed since.
    const delta = await timedGet(
      server,
      `${ONEROSTER_BASE_PATH}/users?filter=${encodeURIComponent(`dateLastModified>'${startedAt}'`)}`,
      auth,
    );
    const rssBeforeZip = server.rssMB();
    const zip = await timedGet(server, rosterPaths.export, adminAuth);
    return {
      counts,
      userCount,
      page: {
        medianMs: median(pages.map((page) => page.ms)),
        maxMs: Math.max(...pages.map((page) => page.ms)),
        medianServerCpuMs: median(pages.map((page) => page.serverCpuMs)),
        kB: median(pages.map((page) => page.bytes)) / 1000,
      },
      userPass,
      enrollmentPass,
      delta: { ms: delta.ms, records: delta.total },
      zip: { ms: zip.ms, kB: zip.bytes / 1000, rssBeforeMB: rssBeforeZip },
      peakRssMB: server.peakRssMB(),
    };
  } finally {
    await server?.stop();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

async function main() {
  for (const counts of SCHOOLS) {
    const school = await measureSchool(counts);
    print(
      `A school of ${counts.students} students in ${counts.standards} standards, ` +
        `${counts.users} staff: ${school.userCount} users in the roster`,
    );
    print(
      `  a page of ${PAGE} users: median ${school.page.medianMs.toFixed(0)} ms ` +
        `(slowest ${school.page.maxMs.toFixed(0)} ms), server CPU ` +
        `${school.page.medianServerCpuMs.toFixed(0)} ms, ${school.page.kB.toFixed(0)} kB`,
    );
    for (const [what, pass] of [
      ['user', school.userPass],
      ['enrollment', school.enrollmentPass],
    ] as const) {
      print(
        `  every ${what} (${pass.records}) in ${pass.pages} pages: ` +
          `${pass.seconds.toFixed(1)} s, server CPU ${pass.serverCpuSeconds.toFixed(1)} s`,
      );
    }
    print(
      `  a delta of the users, nothing changed: ${school.delta.ms.toFixed(0)} ms ` +
        `(${school.delta.records} records)`,
    );
    print(
      `  the bulk zip: ${(school.zip.ms / 1000).toFixed(1)} s, ${school.zip.kB.toFixed(0)} kB; ` +
        `server peak memory ${school.peakRssMB.toFixed(0)} MB`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
