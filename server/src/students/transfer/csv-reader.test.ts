import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '@um/contract';
import { watchEventLoop } from '../../test/event-loop.js';
import { csvRecords, readStudentCsv } from './csv.js';
import { CsvReadError, CsvReader, utf8Pieces, type CsvRecord } from './csv-reader.js';

/** The text cut into pieces of `size` characters, as the reader gets decoded text. */
function* piecesOf(text: string, size: number) {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}

function readAll(text: string, pieceSize = 7, maxLength = 1_000): CsvRecord[] {
  const reader = new CsvReader(piecesOf(text, pieceSize), maxLength);
  const records: CsvRecord[] = [];
  for (let record = reader.next(); record !== null; record = reader.next()) records.push(record);
  return records;
}

function failure(text: string, maxLength = 1_000) {
  try {
    readAll(text, 3, maxLength);
  } catch (error) {
    if (error instanceof CsvReadError) return { code: error.code, row: error.row };
    throw error;
  }
  return null;
}

describe('reading CSV records', () => {
  it('reads back every file the export writes, whatever its cells hold and however it arrives', () => {
    const cell = fc.string({ unit: 'binary', maxLength: 12 });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 40 }),
        (rows, pieceSize) => {
          const records = readAll(csvRecords(rows), pieceSize, 10_000);
          expect(records.map((record) => record.cells)).toEqual(rows);
          expect(records.map((record) => record.row)).toEqual(rows.map((_, index) => index + 1));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts a record as one row however many lines its quoted cells span, and an empty line as a row', () => {
    const text =
      'name,note\r\n"Asha","line one\r\nline two"\r\n\r\nRavi,"say ""hi"""\nMeera,x\rLast,"a,b"';
    expect(readAll(text)).toEqual([
      { row: 1, cells: ['name', 'note'] },
      { row: 2, cells: ['Asha', 'line one\r\nline two'] },
      { row: 3, cells: [''] },
      { row: 4, cells: ['Ravi', 'say "hi"'] },
      { row: 5, cells: ['Meera', 'x'] },
      { row: 6, cells: ['Last', 'a,b'] },
    ]);
  });

  it('takes a quote inside a cell that does not start with one as it is, and keeps a last empty cell', () => {
    expect(readAll('a"b,c""d,\n')).toEqual([{ row: 1, cells: ['a"b', 'c""d', ''] }]);
  });

  it('drops a byte order mark and reads UTF-8 cut in the middle of a character', () => {
    const bytes = Buffer.from('\uFEFFnäme,é\n€,😀\n');
    const pieces: string[] = [];
    for (const size of [1, 2, 3, 5]) {
      const reader = new CsvReader(piecesInBytes(bytes, size), 100);
      pieces.push(JSON.stringify([reader.next(), reader.next(), reader.next()]));
    }
    expect(new Set(pieces).size).toBe(1);
    expect(JSON.parse(pieces[0]!)).toEqual([
      { row: 1, cells: ['näme', 'é'] },
      { row: 2, cells: ['€', '😀'] },
      null,
    ]);
  });

  it('names the row where a quote opens that is never closed, or has text after its closing quote', () => {
    expect(failure('a,b\nc,d\n"e,f\ng,h\n')).toEqual({ code: 'quote-not-closed', row: 3 });
    expect(failure('a,b\n\n"x"y,z\n')).toEqual({ code: 'text-after-quote', row: 3 });
  });

  it('stops at a row longer than its bound, without reading the rest of the file', () => {
    expect(failure(`a,b\n"${'x'.repeat(50)}`, 20)).toEqual({ code: 'row-too-long', row: 2 });
    expect(failure(`a,b\n${'y'.repeat(50)}\n`, 20)).toEqual({ code: 'row-too-long', row: 2 });
    let piecesRead = 0;
    const endless = (function* () {
      yield 'a,b\n"never closed';
      for (;;) {
        piecesRead += 1;
        yield 'x'.repeat(100);
      }
    })();
    const reader = new CsvReader(endless, 1_000);
    reader.next();
    expect(() => reader.next()).toThrow(CsvReadError);
    expect(piecesRead).toBeLessThan(15);
  });
});

/** Bytes decoded a few at a time, cutting characters in two as the upload's pieces may. */
function* piecesInBytes(bytes: Buffer, size: number) {
  const decoder = new TextDecoder('utf-8');
  for (let start = 0; start < bytes.length; start += size) {
    yield decoder.decode(bytes.subarray(start, start + size), { stream: true });
  }
}

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

  it('decodes what it reads only, a piece at a time', () => {
    const pieces = [...utf8Pieces(Buffer.from('x'.repeat(200_000)))];
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe('x'.repeat(200_000));
  });
});
