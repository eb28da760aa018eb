import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '@um/contract';
import { watchEventLoop } from '../../test/event-loop.js';
import { csvRecords, readStudentCsv } from './csv.js';
import { CsvReadError, readCsvRecords, type CsvRecord } from './csv-reader.js';

async function readAll(
  text: string | Buffer,
  pieceBytes = 7,
  maxRecordBytes = 1_000,
  maxCells = 100,
) {
  const records: CsvRecord[] = [];
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  for await (const record of readCsvRecords(bytes, { maxRecordBytes, maxCells, pieceBytes })) {
    records.push(record);
  }
  return records;
}

async function failure(text: string | Buffer, maxRecordBytes = 1_000, maxCells = 100) {
  try {
    await readAll(text, 3, maxRecordBytes, maxCells);
  } catch (error) {
    if (error instanceof CsvReadError) return { code: error.code, row: error.row };
    throw error;
  }
  return null;
}

describe('reading CSV records', () => {
  it('reads back every file the export writes, whatever its cells hold and however it arrives', async () => {
    const cell = fc.string({ unit: 'binary', maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 40 }),
        async (rows, pieceSize) => {
          const records = await readAll(csvRecords(rows), pieceSize, 10_000);
          expect(records.map((record) => record.cells)).toEqual(rows);
          expect(records.map((record) => record.row)).toEqual(rows.map((_, index) => index + 1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts a record as one row however many lines its quoted cells span, and an empty line as a row', async () => {
    const text =
      'name,note\r\n"Asha","line one\r\nline two"\r\n\r\nRavi,"say ""hi"""\nMeera,x\rLast,"a,b"';
    expect(await readAll(text)).toEqual([
      { row: 1, cells: ['name', 'note'] },
      { row: 2, cells: ['Asha', 'line one\r\nline two'] },
      { row: 3, cells: [''] },
      { row: 4, cells: ['Ravi', 'say "hi"'] },
      { row: 5, cells: ['Meera', 'x'] },
      { row: 6, cells: ['Last', 'a,b'] },
    ]);
  });

  it('takes a quote inside a cell that does not start with one, or text after a closing quote, as it is, and keeps a last empty cell', async () => {
    expect(await readAll('a"b,c""d,\n"x"y\n')).toEqual([
      { row: 1, cells: ['a"b', 'c""d', ''] },
      { row: 2, cells: ['"x"y'] },
    ]);
  });

  it('drops a byte order mark and reads UTF-8 cut in the middle of a character', async () => {
    const bytes = Buffer.from('\uFEFFnäme,é\n€,😀\n');
    for (const size of [1, 2, 3, 5]) {
      expect(await readAll(bytes, size)).toEqual([
        { row: 1, cells: ['näme', 'é'] },
        { row: 2, cells: ['€', '😀'] },
      ]);
    }
  });

  it('names the row where a quote opens that is never closed', async () => {
    expect(await failure('a,b\nc,d\n"e,f\ng,h\n')).toEqual({ code: 'quote-not-closed', row: 3 });
  });

  it('stops at a row longer than its bound, without reading the rest of the file', async () => {
    expect(await failure(`a,b\n"${'x'.repeat(50)}`, 20)).toEqual({ code: 'row-too-long', row: 2 });
    expect(await failure(`a,b\n${'y'.repeat(50)}\n`, 20)).toEqual({ code: 'row-too-long', row: 2 });
    const endless = Buffer.from(`a,b\n"never closed${'x'.repeat(5_000_000)}`);
    const started = performance.now();
    expect(await failure(endless, 1_000)).toEqual({ code: 'row-too-long', row: 2 });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('stops at a row of more cells than its bound, though commas alone hold no bytes', async () => {
    expect(await failure(`a,b\n${','.repeat(100)}\n`, 1_000, 100)).toEqual({
      code: 'too-many-cells',
      row: 2,
    });
    expect(await readAll(`a,b\n${','.repeat(99)}\n`, 7, 1_000, 100)).toHaveLength(2);
  });
});

describe('reading an uploaded file', () => {
  it('gives the event loop back at least every few tens of milliseconds while it reads 20,000 rows', async () => {
    const row = `${'Student Name '.repeat(6)},pupil@pupils.test,R1,Grade 5,+1 555 0100,${'1 School Lane '.repeat(20)}\r\n`;
    const body = Buffer.from(
      `name,email,roll_number,standard,phone_number,address\r\n${row.repeat(IMPORT_MAX_ROWS)}`,
    );
    const watch = watchEventLoop();
    const started = performance.now();
    const rows = await readStudentCsv(body);
    const took = performance.now() - started;
    const { ticks } = await watch.stop();
    expect(rows).toHaveLength(IMPORT_MAX_ROWS);
    // Read at once, the loop would not come round at all until the end.
    expect(ticks).toBeGreaterThanOrEqual(Math.max(2, Math.floor(took / 50)));
  });

  it('refuses a row of millions of bare commas at once, keeping the event loop free', async () => {
    for (const body of [
      ','.repeat(2_000_000),
      `name,email,roll_number,standard\n${','.repeat(10 * 1024 * 1024 - 32)}`,
    ]) {
      const watch = watchEventLoop();
      const started = performance.now();
      const refused = await readStudentCsv(Buffer.from(body)).catch((error: unknown) => error);
      const took = performance.now() - started;
      const { longestGapMs } = await watch.stop();
      expect(refused).toMatchObject({
        message: expect.stringMatching(/row [12] is longer than 64 KB/),
      });
      // Half the second /healthz is promised, with room for a machine busy with other tests.
      expect(took).toBeLessThan(2_000);
      expect(longestGapMs).toBeLessThan(500);
    }
  });
});
