import { beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_ROWS,
  importTexts,
  type ImportResult,
  type Problem,
} from '@um/contract';
import { bearer } from '../../test/auth-helpers.js';
import { watchEventLoop } from '../../test/event-loop.js';
import { listen, openEventStream } from '../../test/event-stream.js';
import { insertStandard, loginAs } from '../../test/factories.js';
import { dialects, useTestApp } from '../../test/harness.js';

const HEADER = 'name,email,roll_number,standard';
const IMPORT = '/management/students/import/';
const DRY_RUN = `${IMPORT}?dry_run=true`;
const MB = 1024 * 1024;

/** A header, then `line` repeated to make a file of `bytes` (at most). */
const flood = (line: string, bytes: number) =>
  `${HEADER}\n${line.repeat(Math.floor((bytes - HEADER.length - 1) / line.length))}`;

describe.each(dialects)('an import is bounded and never stalls the server, on %s', (dialect) => {
  const t = useTestApp(dialect);
  let origin: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    origin = await listen(t.app);
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret));
  });

  /**
   * Uploads `body` while watching the event loop, which serves every other request: returns
   * the answer, how long it took, and the longest the loop was held meanwhile.
   */
  async function uploadWhileWatching(url: string, body: string) {
    const payload = Buffer.from(body);
    const watch = watchEventLoop();
    const started = performance.now();
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload,
    });
    const took = performance.now() - started;
    const { longestGapMs } = await watch.stop();
    return { status: response.statusCode, text: response.body, took, slowest: longestGapMs };
  }

  it.each([
    ['1 MB of empty lines', flood('\n', MB)],
    ['10 MB of empty lines', flood('\n', 10 * MB)],
    ['2 MB of ,,,x rows', flood(',,,x\n', 2 * MB)],
    ['10 MB of ,,,x rows', flood(',,,x\n', 10 * MB)],
    ['10 MB of \\r\\n lines', flood('\r\n', 10 * MB)],
  ])(
    'refuses %s with a short 413 as soon as it passes the row limit, answering others meanwhile',
    async (_name, body) => {
      const answer = await uploadWhileWatching(DRY_RUN, body);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text) as Problem).toMatchObject({ detail: importTexts.tooManyRows });
      expect(answer.text.length).toBeLessThan(1_000);
      expect(answer.took).toBeLessThan(5_000);
      expect(answer.slowest).toBeLessThan(1_000);
    },
  );

  it('reads 20,000 rows of one cell while other requests are answered, and lists the first 1,000 errors with their count', async () => {
    // A row of one cell where the header has four was the slowest kind for the CSV library
    // used before: about a second of the event loop for these.
    const answer = await uploadWhileWatching(
      DRY_RUN,
      `${HEADER}\n${'x\n'.repeat(IMPORT_MAX_ROWS)}`,
    );
    expect(answer.status, answer.text).toBe(200);
    const result = (JSON.parse(answer.text) as { data: ImportResult }).data;
    expect(result.total).toBe(IMPORT_MAX_ROWS);
    expect(result.error_count).toBe(IMPORT_MAX_ROWS);
    expect(result.errors).toHaveLength(IMPORT_MAX_ERRORS);
    expect(result.errors[0]).toEqual({
      row: 2,
      field: 'row',
      message: importTexts.cellCount(1, 4),
    });
    expect(answer.text.length).toBeLessThan(150_000);
    expect(answer.slowest).toBeLessThan(1_000);
  });

  it('counts every wrong cell of 20,000 wrong rows but lists 1,000, and a commit refuses them all by their count', async () => {
    // Three wrong cells a row: name, roll number and standard (an e-mail may be left blank).
    const body = `${HEADER}\n${',,,x\n'.repeat(IMPORT_MAX_ROWS)}`;
    const checked = await uploadWhileWatching(DRY_RUN, body);
    const result = (JSON.parse(checked.text) as { data: ImportResult }).data;
    expect(result.error_count).toBe(IMPORT_MAX_ROWS * 3);
    expect(result.errors).toHaveLength(IMPORT_MAX_ERRORS);
    expect(checked.text.length).toBeLessThan(250_000);
    const committed = await uploadWhileWatching(IMPORT, body);
    expect(committed.status).toBe(422);
    expect((JSON.parse(committed.text) as { data: ImportResult }).data.error_count).toBe(
      IMPORT_MAX_ROWS * 3,
    );
  });

  it('takes a file of exactly 20,000 rows below its header', async () => {
    const standard = await insertStandard(t.database.db);
    const rows = Array.from(
      { length: IMPORT_MAX_ROWS },
      (_, index) => `Pupil ${index},p${index}@pupils.test,R${index},${standard.name}\n`,
    );
    const answer = await uploadWhileWatching(DRY_RUN, `${HEADER}\n${rows.join('')}`);
    expect(answer.status, answer.text.slice(0, 500)).toBe(200);
    const result = (JSON.parse(answer.text) as { data: ImportResult }).data;
    expect(result).toMatchObject({
      total: IMPORT_MAX_ROWS,
      created: IMPORT_MAX_ROWS,
      error_count: 0,
    });
    const over = await uploadWhileWatching(DRY_RUN, `${HEADER}\n${rows.join('')}\n,\n`);
    expect(over.status).toBe(413);
  });

  it('quotes back at most a few characters of an unknown column, a standard or a header of any size', async () => {
    const longName = 'q'.repeat(60_000);
    const header = await uploadWhileWatching(DRY_RUN, `${HEADER},${longName},b,c,d,e,f,g\n`);
    expect(header.status).toBe(400);
    const detail = (JSON.parse(header.text) as Problem).detail;
    expect(detail).toBe(importTexts.unknownColumns([longName, 'b', 'c', 'd', 'e', 'f', 'g']));
    expect(detail.length).toBeLessThan(300);
    expect(detail).toContain('and 2 more');

    const hugeHeader = await uploadWhileWatching(DRY_RUN, `${HEADER},${'z'.repeat(2 * MB)}\n`);
    expect(hugeHeader.status).toBe(400);
    expect(JSON.parse(hugeHeader.text)).toMatchObject({ detail: importTexts.rowTooLong(1) });

    const standard = await uploadWhileWatching(
      DRY_RUN,
      `${HEADER}\nAsha,asha@pupils.test,R1,${'s'.repeat(50_000)}\n`,
    );
    const result = (JSON.parse(standard.text) as { data: ImportResult }).data;
    expect(result.errors).toEqual([
      { row: 2, field: 'standard', message: importTexts.standardNotFound('s'.repeat(50_000)) },
    ]);
    expect(standard.text.length).toBeLessThan(500);
  });

  it.each([
    ['a quote never closed', `${HEADER}\nAsha,asha@pupils.test,R1,G\n"Ravi,r@p.test,R2,G\n`, 3],
    ['a quote never closed after empty lines', `${HEADER}\n\n\n"Ravi,r@p.test,R2,G\n`, 4],
  ])('says in its own words where %s begins', async (_name, body, row) => {
    const answer = await uploadWhileWatching(DRY_RUN, body);
    expect(answer.status).toBe(400);
    const detail = (JSON.parse(answer.text) as Problem).detail;
    expect(detail).toBe(importTexts.quoteNotClosed(row));
    expect(detail).not.toMatch(/Quote Not Closed|line \d/);
  });

  it('names a row after a quote never closed once it grows past the longest row', async () => {
    const body = `${HEADER}\n"Ravi,r@p.test,R2,G\n${'Asha,a@p.test,R1,G\n'.repeat(10_000)}`;
    const answer = await uploadWhileWatching(DRY_RUN, body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ detail: importTexts.rowTooLong(2) });
  });

  it('publishes no change for a dry run, and one for a commit', async () => {
    const standard = await insertStandard(t.database.db);
    const access = headers['authorization']!.slice('Bearer '.length);
    const reader = await openEventStream(origin, access);
    try {
      await reader.next((event) => event.event === 'unread');
      const body = `${HEADER}\nAsha,asha.dry@pupils.test,D1,${standard.name}\n`;
      const dryRun = await t.app.inject({
        method: 'POST',
        url: DRY_RUN,
        headers: { ...bearer(access), 'content-type': 'text/csv' },
        payload: body,
      });
      expect(dryRun.statusCode).toBe(200);
      const from = reader.events.length;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(reader.events.slice(from)).toEqual([]);
      const commit = await t.app.inject({
        method: 'POST',
        url: IMPORT,
        headers: { ...bearer(access), 'content-type': 'text/csv' },
        payload: body,
      });
      expect(commit.statusCode).toBe(200);
      await reader.next(
        (event) => event.event === 'changed' && event.data.entity === 'students',
        1_000,
        from,
      );
    } finally {
      reader.close();
    }
  });
});
