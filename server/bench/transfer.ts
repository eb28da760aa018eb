/**
 * `npm run bench:transfer`: how long an import of 5 000 students takes (dry run and commit), how
 * much memory an export of 100 000 students holds, and how long a bulk move of 1 000 students and
 * a year end of 2 000 students in 40 standards take, on the real built server.
 *
 * Seeds 100 000 students into SQLite in a temporary directory (or a schema of its own in the
 * PostgreSQL that DATABASE_URL names), starts `server/dist/main.js` on it as a child process and
 * talks to it over HTTP as the web app does. Peak memory is the kernel's high-water mark of the
 * server process (VmHWM). Nothing fails on timing: the targets are printed as PASS or MISS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  apiPaths,
  buildPath,
  currentAcademicYear,
  recordPaths,
  type ImportResult,
} from '@um/contract';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seed, type SeedCounts } from '../src/seed/seed.js';
import { startApiServer } from './processes.js';

const COUNTS: SeedCounts = { users: 2, standards: 48, students: 100_000, messages: 0 };
const PASSWORD = 'bench-password';
const IMPORT_ROWS = 5_000;
const BULK_STUDENTS = 1_000;
const YEAR_END_STANDARDS = 40;
const YEAR_END_CLASS = 50;
const YEAR_END_TO = '2090';

async function target(tempDir: string) {
  const url = process.env['DATABASE_URL'];
  if (url && /^postgres(ql)?:\/\//i.test(url)) {
    const schema = `bench_transfer_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    const serverUrl = new URL(url);
    serverUrl.searchParams.set('options', `-c search_path=${schema}`);
    return {
      name: 'PostgreSQL',
      handle: () => createDatabase({ dialect: 'postgres', url, schema }),
      serverUrl: serverUrl.toString(),
      // What autovacuum does within a minute or two of a bulk load (see api.ts): without
      // statistics the planner sorted the whole table for every page of the export.
      settle: async () => {
        for (const table of ['standards', 'students']) {
          await admin.query(`vacuum analyze "${schema}"."${table}"`);
        }
      },
      drop: async () => {
        await admin.query(`drop schema "${schema}" cascade`);
        await admin.end();
      },
    };
  }
  const filename = join(tempDir, 'bench.sqlite');
  return {
    name: 'SQLite',
    handle: () => createDatabase({ dialect: 'sqlite', filename }),
    serverUrl: `sqlite:${filename}`,
    settle: async () => undefined,
    drop: async () => undefined,
  };
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, (performance.now() - started) / 1000];
}

async function main() {
  const tempDir = mkdtempSync(join(tmpdir(), 'um-bench-transfer-'));
  const database = await target(tempDir);
  let stop = async () => undefined as void;
  try {
    const handle = database.handle();
    await migrateToLatest(handle.db, handle.dialect);
    await seed(handle.db, COUNTS, { password: PASSWORD, randomSeed: 11 });
    const [user] = await handle.db.selectFrom('users').select('email').execute();
    await handle.destroy();
    await database.settle();

    const server = await startApiServer({
      databaseUrl: database.serverUrl,
      dataDir: tempDir,
    });
    stop = () => server.stop();
    const login = await fetch(server.origin + apiPaths.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user?.email, password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: { access: string } };
    const auth = { authorization: `Bearer ${token.access}` };

    const rssBeforeExport = server.rssMB();
    const [exported, exportSeconds] = await timed(async () => {
      const response = await fetch(server.origin + recordPaths.studentsExport, { headers: auth });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      return { bytes, lines };
    });
    const exportPeakMB = server.peakRssMB();

    const standard = await fetch(server.origin + apiPaths.standards, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Imported 2026',
        grade_level: 7,
        description: '',
        academic_year: currentAcademicYear(),
      }),
    });
    const { data } = (await standard.json()) as { data: { name: string } };
    const file =
      'name,email,roll_number,standard,phone_number,address\r\n' +
      Array.from(
        { length: IMPORT_ROWS },
        (_, index) =>
          `Pupil ${index},pupil${index}@pupils.test,IMP${index},${data.name},+91 98765 43210,"${index} Park Street, Kolkata"\r\n`,
      ).join('');
    const send = async (url: string) => {
      const response = await fetch(server.origin + url, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: file,
      });
      if (response.status !== 200) throw new Error(`${url}: ${await response.text()}`);
      return ((await response.json()) as { data: ImportResult }).data;
    };
    const [, dryRunSeconds] = await timed(() => send(`${recordPaths.studentsImport}?dry_run=true`));
    const [committed, commitSeconds] = await timed(() => send(recordPaths.studentsImport));
    const [, againSeconds] = await timed(() => send(recordPaths.studentsImport));
    const [, undoSeconds] = await timed(async () => {
      const url = buildPath(recordPaths.importUndo, { import_id: committed.import_id });
      const response = await fetch(server.origin + url, { method: 'POST', headers: auth });
      if (response.status !== 200) throw new Error(`undo: ${await response.text()}`);
    });

    const post = async (url: string, body?: unknown) => {
      const response = await fetch(server.origin + url, {
        method: 'POST',
        headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (response.status !== 200) {
        throw new Error(`${url}: ${(await response.text()).slice(0, 500)}`);
      }
      return ((await response.json()) as { data: { batch_id: string } }).data;
    };
    const undoBatch = (batch_id: string) => post(buildPath(recordPaths.batchUndo, { batch_id }));

    // A thousand students of one standard, as "Select all" on a filtered list picks them (roll
    // numbers repeat from one seeded standard to the next, so a move of students from several
    // would be refused).
    const firstStandard = await fetch(`${server.origin}${apiPaths.standards}?limit=1`, {
      headers: auth,
    });
    const [moveFrom] = ((await firstStandard.json()) as { data: { id: number }[] }).data;
    const ids: number[] = [];
    let cursor: string | null = null;
    while (ids.length < BULK_STUDENTS) {
      const query = new URLSearchParams({
        limit: '200',
        sort: 'roll_number',
        standard: String(moveFrom?.id),
      });
      if (cursor) query.set('cursor', cursor);
      const response = await fetch(`${server.origin}${apiPaths.students}?${query}`, {
        headers: auth,
      });
      const page = (await response.json()) as { data: { id: number }[]; next_cursor: string };
      ids.push(...page.data.map((student) => student.id));
      cursor = page.next_cursor;
    }
    const moveTarget = await fetch(server.origin + apiPaths.standards, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Moved here', grade_level: 9, description: '' }),
    });
    const moveTo = ((await moveTarget.json()) as { data: { id: number } }).data.id;
    const [moved, moveSeconds] = await timed(() =>
      post(recordPaths.studentsBulk, {
        action: 'move',
        ids: ids.slice(0, BULK_STUDENTS),
        standard: moveTo,
      }),
    );
    const [, moveUndoSeconds] = await timed(() => undoBatch(moved.batch_id));

    // A school of 2 000 in 40 classes, imported into a year of its own.
    const classes = Array.from({ length: YEAR_END_STANDARDS }, (_, index) => ({
      name: `Y${index + 1}`,
      grade_level: (index % 12) + 1,
    }));
    const school =
      'name,email,roll_number,standard,phone_number,address\r\n' +
      classes
        .flatMap(({ name }) =>
          Array.from(
            { length: YEAR_END_CLASS },
            (_, roll) => `Pupil ${name}-${roll + 1},,${roll + 1},${name},,\r\n`,
          ),
        )
        .join('');
    const schoolImport = await fetch(
      `${server.origin}${recordPaths.studentsImport}?create_standards=${encodeURIComponent(
        JSON.stringify(classes),
      )}`,
      { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: school },
    );
    if (schoolImport.status !== 200) throw new Error(`school: ${await schoolImport.text()}`);
    const yearStandards: { id: number; name: string }[] = [];
    for (let next: string | null = ''; next !== null;) {
      const query = new URLSearchParams({ limit: '200', academic_year: currentAcademicYear() });
      if (next) query.set('cursor', next);
      const response = await fetch(`${server.origin}${apiPaths.standards}?${query}`, {
        headers: auth,
      });
      const page = (await response.json()) as {
        data: { id: number; name: string }[];
        next_cursor: string | null;
      };
      yearStandards.push(...page.data.filter((one) => /^Y\d+$/.test(one.name)));
      next = page.next_cursor;
    }
    const yearEndBody = {
      from_year: currentAcademicYear(),
      to_year: YEAR_END_TO,
      moves: yearStandards.map((standard, index) =>
        index === 0
          ? { from_standard: standard.id, graduate: true }
          : {
              from_standard: standard.id,
              to_new: { name: `${standard.name} next`, grade_level: 5 },
            },
      ),
      keep: [],
    };
    const [, previewSeconds] = await timed(() =>
      post(`${recordPaths.yearEnd}?dry_run=true`, yearEndBody),
    );
    const [ended, yearEndSeconds] = await timed(() => post(recordPaths.yearEnd, yearEndBody));
    const changed = (
      ended as unknown as { standards: { moved: number; graduated: number }[] }
    ).standards.reduce((sum, entry) => sum + entry.moved + entry.graduated, 0);
    if (changed !== YEAR_END_STANDARDS * YEAR_END_CLASS) {
      throw new Error(
        `The year end changed ${changed} students, not ${YEAR_END_STANDARDS * YEAR_END_CLASS}`,
      );
    }
    const [, yearEndUndoSeconds] = await timed(() => undoBatch(ended.batch_id));

    const rows: [string, string, string, boolean | null][] = [
      [
        `export of ${exported.lines - 1} students (${(exported.bytes / 1e6).toFixed(1)} MB)`,
        `${exportSeconds.toFixed(2)} s`,
        '',
        null,
      ],
      ['server RSS before the export', `${rssBeforeExport.toFixed(0)} MB`, '', null],
      [
        'server peak RSS (VmHWM) after the export',
        `${exportPeakMB.toFixed(0)} MB`,
        '< 200 MB',
        exportPeakMB < 200,
      ],
      [
        `dry run of ${IMPORT_ROWS} rows`,
        `${dryRunSeconds.toFixed(2)} s`,
        '< 1 s',
        dryRunSeconds < 1,
      ],
      [
        `commit of ${IMPORT_ROWS} new students`,
        `${commitSeconds.toFixed(2)} s`,
        '< 3 s',
        commitSeconds < 3,
      ],
      [`same file again (${IMPORT_ROWS} unchanged)`, `${againSeconds.toFixed(2)} s`, '', null],
      [`undo of ${IMPORT_ROWS} created students`, `${undoSeconds.toFixed(2)} s`, '', null],
      [
        `bulk move of ${BULK_STUDENTS} students`,
        `${moveSeconds.toFixed(2)} s`,
        '< 2 s',
        moveSeconds < 2,
      ],
      [`undo of that move`, `${moveUndoSeconds.toFixed(2)} s`, '', null],
      [
        `year end preview, ${YEAR_END_STANDARDS * YEAR_END_CLASS} students`,
        `${previewSeconds.toFixed(2)} s`,
        '',
        null,
      ],
      [
        `year end, ${YEAR_END_STANDARDS * YEAR_END_CLASS} students, ${YEAR_END_STANDARDS} standards`,
        `${yearEndSeconds.toFixed(2)} s`,
        '< 2 s',
        yearEndSeconds < 2,
      ],
      [`undo of that year end`, `${yearEndUndoSeconds.toFixed(2)} s`, '', null],
    ];
    console.log(`Import and export on ${database.name}, ${COUNTS.students} students seeded`);
    for (const [what, measured, goal, pass] of rows) {
      const verdict = pass === null ? '' : pass ? 'PASS' : 'MISS';
      console.log(`${what.padEnd(48)} ${measured.padStart(9)}  ${goal.padEnd(9)} ${verdict}`);
    }
  } finally {
    await stop();
    await database.drop();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
