/**
 * `npm run bench`: the API's speed as a share of what this machine can do at all.
 *
 * Seeds a fresh database (SQLite in a temporary directory, or a schema of its own in the
 * PostgreSQL that DATABASE_URL names), starts the real built server on it and a bare Fastify
 * hello-world as the ceiling, both as separate processes, and drives them with autocannon.
 * Every throughput figure is divided by the ceiling's in the same run, because these machines
 * are shared and absolute numbers move with the neighbours. Every read scenario asks each
 * request a query no earlier request asked (a page after another cursor, another standard,
 * another fragment of a name, another staff member's inbox), because that is what a school's
 * staff do and the server keeps no answers. Nothing here fails on timing: each target is
 * printed as PASS or MISS.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { format } from 'prettier';
import type { Request } from 'autocannon';
import { apiPaths, buildPath } from '@um/contract';
import { createDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { encodeCursor } from '../src/db/paging.js';
import { firstNames, lastNames } from '../src/seed/data.js';
import { listStudents } from '../src/students/record/read-model.js';
import { seed, type SeedCounts } from '../src/seed/seed.js';
import { runLoad, type LoadFigures } from './load.js';
import { openEventStreams } from './streams.js';
import { freePort, startApiServer, startServer, type ServerProcess } from './processes.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');

const COUNTS: SeedCounts = { users: 25, standards: 48, students: 100_000, messages: 10_000 };
const PASSWORD = 'bench-password';
const PAGE_SIZE = 50;
/** Connections of every single-kind scenario: the targets are set at 10. */
const CONNECTIONS = 10;
/** The mixed run: one connection per staff member. */
const STAFF_CONNECTIONS = 25;
const LOGIN_CONNECTIONS = 20;
const GENEROUS_LIMIT = '1000000/60';
/** The mixed run again with this many event streams open: its p99 may at most double. */
const LIVE_STREAMS = 200;
/** Pages followed per search fragment when listing the distinct search queries. */
const SEARCH_PAGES_PER_FRAGMENT = 4;

const SCENARIOS = [
  'pages',
  'standard-pages',
  'class-by-roll',
  'search',
  'inbox',
  'creates',
  'updates',
  'mixed',
  'logins',
  'live-streams',
] as const;
type ScenarioId = (typeof SCENARIOS)[number];

/**
 * The mixed run's shares of requests, those of server/reliability/load.test.ts. Refreshes are
 * left out: a refresh token is single use, and autocannon cannot carry one answer's token into
 * the next request.
 */
const MIX = {
  listStudents: 22,
  getStudent: 8,
  listStandards: 8,
  inbox: 12,
  profile: 5,
  createStudent: 12,
  updateStudent: 5,
  deleteStudent: 3,
  postMessage: 8,
  markRead: 4,
  hideMessage: 2,
  createStandard: 2,
  updateStandard: 2,
  login: 4,
} as const;

const usage = `npm run bench [-- --duration S] [--warmup S] [--only ${SCENARIOS.join(',')}]
                 [--cpu-prof] [--server PATH] [--out DIR] [--sqlite-file FILE]

Seeds ${COUNTS.students} students, ${COUNTS.standards} standards, ${COUNTS.messages} messages and ${COUNTS.users} staff once,
then measures the API against a bare Fastify ceiling. DATABASE_URL=postgres://… runs it on
PostgreSQL (in a schema the bench creates and drops); otherwise on SQLite in a temporary directory.
--cpu-prof writes the API server's V8 CPU profile next to the results; --server PATH measures
another build of the server (default server/dist/main.js), to compare a change before making it;
--sqlite-file FILE keeps the SQLite database in FILE, seeded only when FILE does not exist yet.`;

/** npm runs workspace scripts in the workspace; paths on the command line mean the caller's. */
const callerDir = process.env['INIT_CWD'] ?? process.cwd();

function parseOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      only: { type: 'string' },
      out: { type: 'string', default: join(here, 'results') },
      'cpu-prof': { type: 'boolean', default: false },
      'sqlite-file': { type: 'string' },
      server: { type: 'string', default: join(repoRoot, 'server/dist/main.js') },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const only = values.only?.split(',').map((id) => id.trim());
  const unknown = only?.filter((id) => !(SCENARIOS as readonly string[]).includes(id));
  if (unknown?.length) throw new Error(`Unknown scenario ${unknown.join(', ')}.\n\n${usage}`);
  return {
    durationSeconds: Number(values.duration),
    warmupSeconds: Number(values.warmup),
    scenarios: new Set<ScenarioId>((only as ScenarioId[] | undefined) ?? SCENARIOS),
    outDir: resolve(callerDir, values.out),
    cpuProfile: values['cpu-prof'],
    sqliteFile: values['sqlite-file'] && resolve(callerDir, values['sqlite-file']),
    serverEntry: resolve(callerDir, values.server),
  };
}

interface Target {
  what: string;
  goal: string;
  measured: string;
  pass: boolean;
}

interface ScenarioResult {
  id: string;
  label: string;
  figures: LoadFigures;
  /** The API server's resident and peak memory right after the run, in MB. */
  rssMB: number;
  peakRssMB: number;
  /** Whether it ran alone, so that its req/s compare with the ceiling's. */
  comparable: boolean;
  /** Share of the ceiling's req/s at the same number of connections. */
  ratio: number | null;
}

/**
 * A database of its own for this run, so nothing the bench writes outlives it; or, with
 * --sqlite-file, a SQLite file kept between runs and seeded only the first time (profiling
 * one scenario again and again; the writes of earlier runs stay in it).
 */
async function prepareDatabase(tempDir: string, keptFile: string | undefined) {
  const url = process.env['DATABASE_URL'];
  if (url && /^postgres(ql)?:\/\//i.test(url)) {
    const schema = `bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    const serverUrl = new URL(url);
    serverUrl.searchParams.set('options', `-c search_path=${schema}`);
    return {
      dialect: 'postgres' as const,
      describe: `PostgreSQL (schema ${schema})`,
      seeded: false,
      handle: () => createDatabase({ dialect: 'postgres', url, schema }),
      serverUrl: serverUrl.toString(),
      /**
       * What autovacuum does within a minute or two of a bulk load: planner statistics, and
       * the GIN indexes' pending entries merged. Measured before that, searches scan the
       * pending list and plans rest on guesses, which no running deployment sees for long.
       */
      async settle() {
        for (const table of ['users', 'standards', 'students', 'messages', 'message_states']) {
          await admin.query(`vacuum analyze "${schema}"."${table}"`);
        }
      },
      async drop() {
        await admin.query(`drop schema "${schema}" cascade`);
        await admin.end();
      },
    };
  }
  const filename = keptFile ?? join(tempDir, 'bench.sqlite');
  return {
    dialect: 'sqlite' as const,
    describe: `SQLite (${filename})`,
    seeded: keptFile !== undefined && existsSync(keptFile),
    handle: () => createDatabase({ dialect: 'sqlite', filename }),
    serverUrl: `sqlite:${filename}`,
    // SQLite gathers no statistics unless told to, and the product never tells it: none here.
    async settle() {},
    async drop() {},
  };
}

/** Every distinct three- and four-letter piece of the seed's names, lower-cased. */
function nameFragments(): string[] {
  const fragments = new Set<string>();
  for (const name of [...firstNames, ...lastNames]) {
    const lower = name.toLowerCase();
    for (const length of [3, 4]) {
      for (let start = 0; start + length <= lower.length; start += 1) {
        fragments.add(lower.slice(start, start + length));
      }
    }
  }
  return [...fragments];
}

/** Interleaves lists, so that consecutive requests come from different lists. */
function interleave<T>(lists: T[][]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const out: T[] = [];
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) {
      const item = list[index];
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

/** What the scenarios need from the seeded data, read once before the servers start. */
async function readFixtures(database: DatabaseHandle) {
  const { db, dialect } = database;
  // Every page of the list, each named by the cursor of the row before it.
  const byName = await db
    .selectFrom('students')
    .select(['name', 'id'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  const pageQueries = byName
    .filter((_row, index) => index % PAGE_SIZE === PAGE_SIZE - 1)
    .map(
      (row) =>
        new URLSearchParams({ limit: String(PAGE_SIZE), cursor: encodeCursor([row.name, row.id]) }),
    );
  pageQueries.unshift(new URLSearchParams({ limit: String(PAGE_SIZE) }));

  // Every page of every standard, the standards taken in turn.
  const byStandard = await db
    .selectFrom('students')
    .select(['standard_id', 'name', 'id'])
    .orderBy('standard_id')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const standardPages = new Map<number, URLSearchParams[]>();
  let seen = 0;
  let current: number | undefined;
  for (const row of byStandard) {
    if (row.standard_id !== current) {
      current = row.standard_id;
      seen = 0;
      standardPages.set(current, [
        new URLSearchParams({ standard: String(current), limit: String(PAGE_SIZE) }),
      ]);
    }
    seen += 1;
    if (seen % PAGE_SIZE === 0) {
      standardPages.get(current)?.push(
        new URLSearchParams({
          standard: String(current),
          limit: String(PAGE_SIZE),
          cursor: encodeCursor([row.name, row.id]),
        }),
      );
    }
  }

  // Every page of every standard by roll number, as a class list is read, standards in turn.
  const byRoll = await db
    .selectFrom('students')
    .select(['standard_id', 'roll_number', 'id'])
    .orderBy('standard_id')
    .orderBy('roll_number')
    .orderBy('id')
    .execute();
  const rollPages = new Map<number, URLSearchParams[]>();
  const classPage = (standard: number, cursor?: string) =>
    new URLSearchParams({
      standard: String(standard),
      sort: 'roll_number',
      limit: String(PAGE_SIZE),
      ...(cursor ? { cursor } : {}),
    });
  seen = 0;
  current = undefined;
  for (const row of byRoll) {
    if (row.standard_id !== current) {
      current = row.standard_id;
      seen = 0;
      rollPages.set(current, [classPage(current)]);
    }
    seen += 1;
    if (seen % PAGE_SIZE === 0) {
      rollPages
        .get(current)
        ?.push(classPage(current, encodeCursor(['roll_number', row.roll_number, row.id])));
    }
  }

  // Each fragment's first pages of matches, as the API itself pages them.
  const searchLists: URLSearchParams[][] = [];
  for (const q of nameFragments()) {
    const queries = [new URLSearchParams({ q, limit: String(PAGE_SIZE) })];
    let cursor: string | null = null;
    for (let page = 1; page < SEARCH_PAGES_PER_FRAGMENT; page += 1) {
      const answer = await listStudents(db, dialect, {
        q,
        limit: PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      });
      cursor = answer.next_cursor;
      if (!cursor) break;
      queries.push(new URLSearchParams({ q, limit: String(PAGE_SIZE), cursor }));
    }
    searchLists.push(queries);
  }

  // A kept file (--sqlite-file) holds what earlier runs deleted: only what is still there is
  // asked for, so no request of this run finds its row gone.
  const messageIds = await db
    .selectFrom('messages')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('message_states')
            .select('message_id')
            .whereRef('message_states.message_id', '=', 'messages.id')
            .where('message_states.deleted_at', 'is not', null),
        ),
      ),
    )
    .orderBy('id', 'desc')
    .execute();
  const inboxCursors = messageIds
    .filter((_row, index) => index % PAGE_SIZE === PAGE_SIZE - 1)
    .map((row) => encodeCursor(row.id));

  const students = await db
    .selectFrom('students')
    .select(['id', 'email', 'roll_number', 'standard_id'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const users = await db.selectFrom('users').select('email').orderBy('id').execute();
  const standards = await db
    .selectFrom('standards')
    .select(['id', 'grade_level'])
    .orderBy('id')
    .execute();
  return {
    pageQueries,
    standardPageQueries: interleave([...standardPages.values()]),
    classByRollQueries: interleave([...rollPages.values()]),
    searchQueries: interleave(searchLists),
    inboxCursors,
    messageIds: messageIds.map((row) => row.id),
    students,
    emails: users.map((user) => user.email),
    standards,
  };
}

async function login(origin: string, email: string): Promise<string> {
  const response = await fetch(origin + apiPaths.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) {
    throw new Error(`Login as ${email} answered ${response.status}: ${await response.text()}`);
  }
  const body = (await response.json()) as { token: { access: string } };
  return body.token.access;
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const percent = (ratio: number | null) => (ratio === null ? '' : `${(ratio * 100).toFixed(1)}%`);

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const options = parseOptions();
  const started = performance.now();
  const tempDir = mkdtempSync(join(tmpdir(), 'um-bench-'));
  const target = await prepareDatabase(tempDir, options.sqliteFile);
  const servers: ServerProcess[] = [];
  let cleaned: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      for (const server of servers.reverse()) await server.stop();
      await target.drop();
      rmSync(tempDir, { recursive: true, force: true });
    })());
  // Ctrl-C must not leave servers running, a schema behind or a temporary directory.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers and cleaning up…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: loadavg().map((load) => Number(load.toFixed(2))),
  };
  console.log(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ` +
      `load average ${machine.loadAverageAtStart.join(' ')}`,
  );

  try {
    console.log(`Seeding ${target.describe}…`);
    const database = target.handle();
    let seedSeconds: number;
    let fixtures;
    try {
      await migrateToLatest(database.db, database.dialect);
      const seedStarted = performance.now();
      if (!target.seeded) await seed(database.db, COUNTS, { password: PASSWORD, randomSeed: 7 });
      seedSeconds = (performance.now() - seedStarted) / 1000;
      // Settled first: the fixtures page through every search, with the plans the runs will use.
      await target.settle();
      fixtures = await readFixtures(database);
    } finally {
      await database.destroy();
    }
    console.log(
      `Seeded ${COUNTS.students} students, ${COUNTS.standards} standards, ${COUNTS.messages} ` +
        `messages, ${COUNTS.users} staff in ${fixed(seedSeconds, 1)} s.`,
    );

    const ceilingPort = await freePort();
    const ceiling = await startServer({
      name: 'ceiling',
      command: process.execPath,
      args: [join(here, 'ceiling.mjs')],
      env: { PATH: process.env['PATH'], PORT: String(ceilingPort) },
      port: ceilingPort,
      readyPath: '/',
      cwd: repoRoot,
    });
    servers.push(ceiling);
    const profileDir = join(options.outDir, 'profiles');
    const api = await startApiServer({
      databaseUrl: target.serverUrl,
      dataDir: tempDir,
      entry: options.serverEntry,
      nodeArgs: options.cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      // The bench measures speed, not limiting: every limit is far above what it sends.
      env: {
        RATE_LIMIT_LOGIN_PER_IP: GENEROUS_LIMIT,
        RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: GENEROUS_LIMIT,
        RATE_LIMIT_MAIL_PER_ADDRESS: GENEROUS_LIMIT,
        RATE_LIMIT_MAIL_PER_IP: GENEROUS_LIMIT,
        RATE_LIMIT_REGISTER_PER_IP: GENEROUS_LIMIT,
        RATE_LIMIT_RESET_PER_IP: GENEROUS_LIMIT,
      },
    });
    servers.push(api);

    if (fixtures.emails.length === 0) throw new Error('The seed made no staff account.');
    const tokens: string[] = [];
    for (const email of fixtures.emails) tokens.push(await login(api.origin, email));
    const startRssMB = api.rssMB();

    const load = (server: ServerProcess, connections: number, requests: Request[], alone = true) =>
      runLoad({
        origin: server.origin,
        connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
        requests,
        ...(alone ? { serverCpuSeconds: () => server.cpuSeconds() } : {}),
      });
    const results: ScenarioResult[] = [];
    const record = (id: string, label: string, figures: LoadFigures, comparable = true) => {
      results.push({
        id,
        label,
        figures,
        comparable,
        ratio: null,
        rssMB: Number(api.rssMB().toFixed(1)),
        peakRssMB: Number(api.peakRssMB().toFixed(1)),
      });
      const failed = figures.failed
        ? `, ${figures.failed} failed ${JSON.stringify(figures.statusCodes)}`
        : '';
      console.log(
        `  ${id} @${figures.connections}: ${fixed(figures.rps, 1)} req/s, p99 ${figures.p99Ms} ms${failed}`,
      );
    };

    console.log(
      `Measuring (${options.durationSeconds} s per run after ${options.warmupSeconds} s warm-up)…`,
    );
    const ceilingRuns: LoadFigures[] = [];
    const measureCeiling = async () => {
      for (const connections of [CONNECTIONS, STAFF_CONNECTIONS]) {
        const figures = await load(ceiling, connections, [{ path: '/' }]);
        ceilingRuns.push(figures);
        console.log(
          `  ceiling @${connections}: ${fixed(figures.rps)} req/s, p99 ${figures.p99Ms} ms`,
        );
      }
    };
    await measureCeiling();

    const scenarios = buildScenarios(fixtures, tokens);
    for (const scenario of scenarios) {
      if (!options.scenarios.has(scenario.id)) continue;
      record(scenario.id, scenario.label, await load(api, scenario.connections, scenario.requests));
    }

    if (options.scenarios.has('logins')) {
      const logins = { next: 0 };
      const loginRequest: Request = {
        method: 'POST',
        path: apiPaths.login,
        headers: { 'content-type': 'application/json' },
        setupRequest(request) {
          logins.next += 1;
          const email = fixtures.emails[logins.next % fixtures.emails.length];
          return { ...request, body: JSON.stringify({ email, password: PASSWORD }) };
        },
      };
      const health = [{ path: apiPaths.health }];
      record('healthz', 'GET /healthz', await load(api, 10, health));
      record(
        'logins',
        'POST login (Argon2id): logins/s',
        await load(api, LOGIN_CONNECTIONS, [loginRequest]),
      );
      // Both loads start and stop together, so every measured health check meets the logins.
      const [during, healthDuring] = await Promise.all([
        load(api, LOGIN_CONNECTIONS, [loginRequest], false),
        load(api, 10, health, false),
      ]);
      record(
        'healthz-during-logins',
        `GET /healthz during ${LOGIN_CONNECTIONS} concurrent logins`,
        healthDuring,
        false,
      );
      record('logins-during-healthz', 'POST login meanwhile: logins/s', during, false);
    }

    let live: LiveFigures | undefined;
    if (options.scenarios.has('live-streams')) {
      const mixed = scenarios.find((scenario) => scenario.id === 'mixed');
      if (!mixed) throw new Error('The live-streams run repeats the mixed run, which is missing.');
      if (!options.scenarios.has('mixed')) {
        record(mixed.id, mixed.label, await load(api, mixed.connections, mixed.requests));
      }
      const rssBeforeStreamsMB = api.rssMB();
      const streams = await openEventStreams(api.origin, tokens, LIVE_STREAMS);
      const rssWithStreamsMB = api.rssMB();
      let withStreams: LoadFigures;
      try {
        withStreams = await load(api, mixed.connections, mixed.requests);
      } finally {
        streams.close();
      }
      record(
        'mixed-with-streams',
        `${mixed.label}, ${LIVE_STREAMS} event streams open`,
        withStreams,
      );
      live = {
        rssBeforeStreamsMB,
        rssWithStreamsMB,
        rssAfterLoadMB: api.rssMB(),
        events: streams.events(),
        endedEarly: streams.ended(),
      };
      console.log(
        `  ${LIVE_STREAMS} streams: ${live.events} events received, ${live.endedEarly} ended early; ` +
          `RSS ${fixed(rssBeforeStreamsMB)} MB before, ${fixed(rssWithStreamsMB)} MB with them open, ` +
          `${fixed(live.rssAfterLoadMB)} MB after the load`,
      );
    }

    await measureCeiling();
    const peakRssMB = api.peakRssMB();

    // The ceiling was measured before and after the scenarios; their mean is the reference,
    // and how far the two differ says how much the neighbours moved during the run.
    const ceilingFigures = [CONNECTIONS, STAFF_CONNECTIONS].map((connections) => {
      const runs = ceilingRuns.filter((run) => run.connections === connections);
      const mean = (of: (run: LoadFigures) => number) =>
        runs.reduce((sum, run) => sum + of(run), 0) / runs.length;
      const rps = mean((run) => run.rps);
      const [before, after] = runs;
      const drift = before && after ? Math.abs(after.rps - before.rps) / rps : 0;
      return {
        connections,
        rps,
        drift,
        cpuUsPerRequest: mean((run) => run.cpuUsPerRequest ?? 0),
        runs,
      };
    });
    for (const result of results) {
      const reference = ceilingFigures.find((c) => c.connections === result.figures.connections);
      if (reference && result.comparable) result.ratio = result.figures.rps / reference.rps;
    }

    console.log('');
    console.log(
      `API on ${target.dialect}, ${new Date().toISOString()}, load average now ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    const row = (label: string, figures: LoadFigures, ratio: string, rss = '') => [
      label,
      String(figures.connections),
      fixed(figures.rps, figures.rps < 100 ? 1 : 0),
      String(figures.p50Ms),
      String(figures.p99Ms),
      ratio,
      figures.cpuUsPerRequest === null ? '' : fixed(figures.cpuUsPerRequest),
      rss,
      figures.failed ? String(figures.failed) : '',
    ];
    printTable(
      [
        'scenario',
        'conns',
        'req/s',
        'p50 ms',
        'p99 ms',
        'of ceiling',
        'CPU µs/req',
        'RSS MB',
        'failed',
      ],
      [
        ...ceilingFigures.map((reference) => {
          const drift = reference.drift > 0.15 ? ` (moved ${percent(reference.drift)}!)` : '';
          const [first] = reference.runs;
          if (!first) throw new Error('The ceiling was not measured.');
          return row(
            `ceiling: Fastify hello world${drift}`,
            { ...first, rps: reference.rps, cpuUsPerRequest: reference.cpuUsPerRequest },
            '100.0%',
          );
        }),
        ...results.map((result) =>
          row(result.label, result.figures, percent(result.ratio), fixed(result.rssMB)),
        ),
      ],
    );
    console.log(
      `API server memory: ${fixed(startRssMB, 1)} MB resident after start-up, ` +
        `peak (VmHWM) ${fixed(peakRssMB, 1)} MB; "RSS MB" is the resident size after each run.`,
    );

    const targets = evaluateTargets(target.dialect, results, peakRssMB, live);
    console.log('');
    console.log('Targets (BENCHMARKS.md):');
    printTable(
      ['target', 'goal', 'measured', ''],
      targets.map((t) => [t.what, t.goal, t.measured, t.pass ? 'PASS' : 'MISS']),
    );

    const totalSeconds = (performance.now() - started) / 1000;
    const report = {
      date: new Date().toISOString(),
      machine: { ...machine, loadAverageAtEnd: loadavg().map((load) => Number(load.toFixed(2))) },
      dialect: target.dialect,
      seed: { counts: COUNTS, seconds: Number(seedSeconds.toFixed(2)) },
      runSeconds: { duration: options.durationSeconds, warmup: options.warmupSeconds },
      distinctQueries: {
        pages: fixtures.pageQueries.length,
        standardPages: fixtures.standardPageQueries.length,
        searches: fixtures.searchQueries.length,
        inboxPages: fixtures.inboxCursors.length * tokens.length,
      },
      ceiling: ceilingFigures,
      scenarios: results,
      ...(live ? { liveStreams: { streams: LIVE_STREAMS, ...live } } : {}),
      startRssMB: Number(startRssMB.toFixed(1)),
      peakRssMB: Number(peakRssMB.toFixed(1)),
      targets,
      totalSeconds: Number(totalSeconds.toFixed(1)),
    };
    mkdirSync(options.outDir, { recursive: true });
    const file = join(options.outDir, `api-${target.dialect}.json`);
    writeFileSync(file, await format(JSON.stringify(report), { parser: 'json' }));
    console.log('');
    console.log(`Figures written to ${file}; whole run ${fixed(totalSeconds)} s.`);
    if (options.cpuProfile) console.log(`CPU profile of the API server in ${profileDir}`);
  } finally {
    await cleanUp();
  }
}

type Fixtures = Awaited<ReturnType<typeof readFixtures>>;

interface Scenario {
  id: ScenarioId;
  label: string;
  connections: number;
  requests: Request[];
}

/** Hands out the items of a list in turn, from the first again after the last. */
function inTurn<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => {
    const item = items[next % items.length];
    next += 1;
    if (item === undefined) throw new Error('Nothing to hand out.');
    return item;
  };
}

/** A counter shared by every request of a kind, so no two requests write the same row. */
function counter(): () => number {
  let next = 0;
  return () => (next += 1);
}

function buildScenarios(fixtures: Fixtures, tokens: string[]): Scenario[] {
  // What a run writes is marked with the run, so that runs on one kept file never collide.
  const run = Date.now().toString(36);
  const token = inTurn(tokens);
  const auth = () => ({ authorization: `Bearer ${token()}` });
  const json = () => ({ ...auth(), 'content-type': 'application/json' });
  const get = (path: () => string): Request => ({
    setupRequest: (request) => ({ ...request, method: 'GET', path: path(), headers: auth() }),
  });
  const send = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: () => string,
    body?: () => unknown,
  ): Request => ({
    setupRequest: (request) => ({
      ...request,
      method,
      path: path(),
      headers: body ? json() : auth(),
      ...(body ? { body: JSON.stringify(body()) } : {}),
    }),
  });

  const page = inTurn(fixtures.pageQueries);
  const standardPage = inTurn(fixtures.standardPageQueries);
  const classByRoll = inTurn(fixtures.classByRollQueries);
  const search = inTurn(fixtures.searchQueries);
  // Each staff member's inbox, each page after another message: token and cursor move together.
  const inboxCursor = inTurn(fixtures.inboxCursors);
  const pageOf = (query: URLSearchParams) => `${apiPaths.students}?${query}`;
  const studentPage = get(() => pageOf(page()));
  const listStandardPage = get(() => pageOf(standardPage()));
  const listClassByRoll = get(() => pageOf(classByRoll()));
  const searchStudents = get(() => pageOf(search()));
  const inbox = get(
    () =>
      `${apiPaths.messages}?${new URLSearchParams({ limit: String(PAGE_SIZE), cursor: inboxCursor() })}`,
  );

  const standardIds = fixtures.standards.map((standard) => standard.id);
  const created = counter();
  const createStudent = send(
    'POST',
    () => apiPaths.updateStudents,
    () => {
      const n = created();
      return {
        name: `Bench Student ${n}`,
        email: `bench.student.${run}.${n}@pupils.example`,
        roll_number: `B-${run}-${n}`,
        standard: standardIds[n % standardIds.length],
        phone_number: '+1 (555) 010-0000',
        address: `${n} Station Road, Northfield`,
      };
    },
  );
  // Updates walk the students from the first id up, deletes from the last id down.
  const updated = counter();
  const updateStudent = send(
    'PUT',
    () => apiPaths.updateStudents,
    () => {
      const n = updated();
      const student = fixtures.students[n % fixtures.students.length];
      if (!student) throw new Error('No students to update.');
      return {
        id: student.id,
        name: `Renamed Student ${n}`,
        email: student.email,
        roll_number: student.roll_number,
        standard: student.standard_id,
        phone_number: '+1 (555) 010-0001',
        address: `${n} Mill Lane, Eastbrook`,
      };
    },
  );
  const deleted = counter();
  const deleteStudent = send('DELETE', () => {
    const student = fixtures.students[fixtures.students.length - deleted()];
    return `${apiPaths.updateStudents}?id=${student?.id ?? 0}`;
  });
  const studentId = inTurn(fixtures.students.map((student) => student.id));
  const getStudent = get(() => buildPath(apiPaths.student, { id: studentId() }));
  const listStandards = get(() => `${apiPaths.standards}?limit=${PAGE_SIZE}`);
  const profile = get(() => apiPaths.profile);
  const posted = counter();
  const postMessage = send(
    'POST',
    () => apiPaths.messages,
    () => ({ content: `Bench notice ${posted()}` }),
  );
  // Each (staff member, message) pair once: the token turns with every request, the message
  // with every round of staff.
  const messageId = inTurn(fixtures.messageIds);
  const markRead = send('PATCH', () => buildPath(apiPaths.messageRead, { id: messageId() }));
  const hiddenId = inTurn([...fixtures.messageIds].reverse());
  const hideMessage = send('DELETE', () => buildPath(apiPaths.message, { id: hiddenId() }));
  const madeStandards = counter();
  const createStandard = send(
    'POST',
    () => apiPaths.standards,
    () => {
      const n = madeStandards();
      return { name: `Bench ${run} ${n}`, grade_level: 1 + (n % 12), description: 'Bench' };
    },
  );
  const editedStandards = counter();
  const updateStandard = send(
    'PUT',
    () => {
      const standard = fixtures.standards[editedStandards() % fixtures.standards.length];
      return buildPath(apiPaths.standard, { id: standard?.id ?? 0 });
    },
    () => ({
      name: `Renamed ${run} ${editedStandards()}`,
      grade_level: 1,
      description: 'Renamed by the bench',
    }),
  );
  const email = inTurn(fixtures.emails);
  const login: Request = {
    setupRequest: (request) => ({
      ...request,
      method: 'POST',
      path: apiPaths.login,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: email(), password: PASSWORD }),
    }),
  };

  const byKind: Record<keyof typeof MIX, Request> = {
    listStudents: {
      setupRequest: (request, context) => {
        // A student screen's reads: a page, a standard's page or a search, in turn.
        const kinds = [studentPage, listStandardPage, searchStudents];
        const chosen = kinds[(mixedLists.next += 1) % kinds.length];
        return chosen?.setupRequest?.(request, context) ?? request;
      },
    },
    getStudent,
    listStandards,
    inbox,
    profile,
    createStudent,
    updateStudent,
    deleteStudent,
    postMessage,
    markRead,
    hideMessage,
    createStandard,
    updateStandard,
    login,
  };
  const mixedLists = { next: 0 };
  // The mix as one sequence each connection walks: kinds spread through it, not in blocks.
  const sequence = interleave(
    Object.entries(MIX).map(([kind, share]) =>
      Array.from({ length: share }, () => byKind[kind as keyof typeof MIX]),
    ),
  );

  return [
    {
      id: 'pages',
      label: `students, each of ${fixtures.pageQueries.length} pages in turn`,
      connections: CONNECTIONS,
      requests: [studentPage],
    },
    {
      id: 'standard-pages',
      label: `students of one standard, ${fixtures.standardPageQueries.length} pages`,
      connections: CONNECTIONS,
      requests: [listStandardPage],
    },
    {
      id: 'class-by-roll',
      label: `students of one standard by roll number, ${fixtures.classByRollQueries.length} pages`,
      connections: CONNECTIONS,
      requests: [listClassByRoll],
    },
    {
      id: 'search',
      label: `students ?q= 3-4 letters of a name, ${fixtures.searchQueries.length} pages`,
      connections: CONNECTIONS,
      requests: [searchStudents],
    },
    {
      id: 'inbox',
      label: `inbox pages of ${tokens.length} staff`,
      connections: CONNECTIONS,
      requests: [inbox],
    },
    {
      id: 'creates',
      label: 'POST update_students (create)',
      connections: CONNECTIONS,
      requests: [createStudent],
    },
    {
      id: 'updates',
      label: 'PUT update_students (rename)',
      connections: CONNECTIONS,
      requests: [updateStudent],
    },
    {
      id: 'mixed',
      label: `${STAFF_CONNECTIONS} staff, load.test.ts mix (no refreshes)`,
      connections: STAFF_CONNECTIONS,
      requests: sequence,
    },
  ];
}

interface LiveFigures {
  rssBeforeStreamsMB: number;
  rssWithStreamsMB: number;
  rssAfterLoadMB: number;
  events: number;
  endedEarly: number;
}

function evaluateTargets(
  dialect: 'sqlite' | 'postgres',
  results: ScenarioResult[],
  peakRssMB: number,
  live: LiveFigures | undefined,
): Target[] {
  const only = (id: string) => results.find((result) => result.id === id);
  const targets: Target[] = [];
  const void_ = (figures: LoadFigures) => (figures.failed ? ` (${figures.failed} failed)` : '');
  const listCpu = dialect === 'sqlite' ? 150 : 220;
  const searchCpu = dialect === 'sqlite' ? 400 : 600;
  const reads: [ScenarioId, string, number][] = [
    ['pages', 'student page', listCpu],
    ['standard-pages', 'page of one standard', listCpu],
    ['class-by-roll', 'page of one standard by roll number', listCpu],
    ['inbox', 'inbox page', listCpu],
    ['search', 'search of 3-4 letters', searchCpu],
  ];
  for (const [id, what, maxCpu] of reads) {
    const result = only(id);
    if (!result) continue;
    const cpu = result.figures.cpuUsPerRequest;
    targets.push({
      what: `${what}: server CPU per request`,
      goal: `<= ${maxCpu} µs`,
      measured: `${cpu === null ? '?' : cpu.toFixed(0)} µs${void_(result.figures)}`,
      pass: cpu !== null && cpu <= maxCpu && !result.figures.failed,
    });
    targets.push({
      what: `${what} @${result.figures.connections}: p99`,
      goal: '<= 10 ms',
      measured: `${result.figures.p99Ms} ms${void_(result.figures)}`,
      pass: result.figures.p99Ms <= 10 && !result.figures.failed,
    });
  }
  const mixed = only('mixed');
  if (mixed) {
    targets.push({
      what: `mixed run of ${STAFF_CONNECTIONS} staff: p99, no error`,
      goal: '<= 25 ms, 0 failed',
      measured: `${mixed.figures.p99Ms} ms, ${mixed.figures.failed} failed (${percent(mixed.ratio)} of ceiling)`,
      pass: mixed.figures.p99Ms <= 25 && !mixed.figures.failed,
    });
  }
  const withStreams = only('mixed-with-streams');
  if (mixed && withStreams && live) {
    const base = Math.max(mixed.figures.p99Ms, 1);
    targets.push({
      what: `mixed run p99 with ${LIVE_STREAMS} event streams open / without`,
      goal: '<= 2',
      measured: (withStreams.figures.p99Ms / base).toFixed(2) + void_(withStreams.figures),
      pass: withStreams.figures.p99Ms <= 2 * base && !withStreams.figures.failed,
    });
    // Bounded: what the streams hold does not grow with what they carried.
    const growth = live.rssAfterLoadMB - live.rssWithStreamsMB;
    targets.push({
      what: `RSS growth over the mixed run with ${LIVE_STREAMS} streams open`,
      goal: '<= 50 MB',
      measured: `${growth.toFixed(1)} MB (${live.events} events)`,
      pass: growth <= 50 && live.endedEarly === 0 && live.events > 0,
    });
  }
  const health = only('healthz-during-logins');
  if (health) {
    targets.push({
      what: `/healthz p99 during ${LOGIN_CONNECTIONS} concurrent logins`,
      goal: '<= 20 ms',
      measured: `${health.figures.p99Ms} ms${void_(health.figures)}`,
      pass: health.figures.p99Ms <= 20 && !health.figures.failed,
    });
  }
  const logins = only('logins');
  if (logins) {
    targets.push({
      what: 'logins per second',
      goal: '>= 30',
      measured: logins.figures.rps.toFixed(1) + void_(logins.figures),
      pass: logins.figures.rps >= 30 && !logins.figures.failed,
    });
  }
  targets.push({
    what: 'server peak RSS',
    goal: '<= 200 MB',
    measured: `${peakRssMB.toFixed(1)} MB`,
    pass: peakRssMB <= 200,
  });
  return targets;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
