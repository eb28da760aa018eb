import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import type { CsvReadErrorCode } from '@um/contract';
import { timeSlices } from './time-slices.js';

/** Why a file could not be read as CSV; the contract words each code (`csvReadErrorTexts`). */
export class CsvReadError extends Error {
  constructor(
    readonly code: CsvReadErrorCode,
    /** The row it stopped at, the first being 1. */
    readonly row: number,
  ) {
    super(`${code} in row ${row}`);
    this.name = 'CsvReadError';
  }
}

export interface CsvRecord {
  /** Its row number: records are counted from 1, however many lines a quoted cell spans. */
  row: number;
  cells: string[];
}

export interface CsvBounds {
  /** The most bytes the cells of one record may hold together. */
  maxRecordBytes: number;
  /** The most cells one record may have: commas alone hold no bytes, so they are counted. */
  maxCells: number;
  /** Bytes written to the parser at a time: 1 kB, at most a thousand records of empty lines. */
  pieceBytes?: number;
}

const codeOf: Record<string, CsvReadErrorCode> = {
  CSV_QUOTE_NOT_CLOSED: 'quote-not-closed',
  CSV_MAX_RECORD_SIZE: 'row-too-long',
};

/**
 * Writes a piece to the parser without capturing stacks: csv-parse builds an error for every
 * record whose cell count differs from the first one's, and drops it as `relax_column_count`
 * asks; capturing its stack was most of the time a file of 20,000 empty lines took.
 */
function writeWithoutStacks(parser: Writable, piece: Uint8Array): void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    parser.write(piece);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Reads RFC 4180 records one at a time with csv-parse's stream parser (decision 0071): the file
 * is written to it a piece at a time and the records of each piece are read before the next, and
 * the event loop is given back every 10 ms, so no request waits on an upload. Cells are separated by commas; a cell in double
 * quotes may hold commas, line breaks and quotes written twice (""); a quote inside a cell that
 * does not start with one is taken as it is, as is text after a closing quote. A record ends at
 * CRLF, LF or CR alike, and an empty line is a record of one empty cell, so that every row
 * counts. A record may hold at most `maxRecordBytes` bytes of cells and `maxCells` cells: a
 * quote that is never closed, or a row of nothing but commas, stops the reader at the bound.
 * The caller stops when it has read enough, and the parser stops with it.
 */
export async function* readCsvRecords(
  bytes: Uint8Array,
  { maxRecordBytes, maxCells, pieceBytes = 1024 }: CsvBounds,
): AsyncGenerator<CsvRecord> {
  const parser = parse({
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    max_record_size: maxRecordBytes,
    // Past the bound the commas are read as text of one last cell, whose bytes are counted: a
    // record of bare commas reaches `maxRecordBytes` instead of growing a cell at a time.
    ignore_last_delimiters: maxCells + 1,
  });
  // Records arrive as each piece is written; they are taken from here, a piece's worth at a time.
  const parsed: string[][] = [];
  parser.on('data', (cells: string[]) => parsed.push(cells));
  parser.on('error', () => {
    // Kept as `parser.errored`, read after each piece.
  });
  const slices = timeSlices();
  let row = 0;
  async function* take(): AsyncGenerator<CsvRecord> {
    for (let index = 0; index < parsed.length; index += 1) {
      const cells = parsed[index]!;
      row += 1;
      if (cells.length > maxCells) throw new CsvReadError('too-many-cells', row);
      yield { row, cells };
      if (slices.due()) await slices.pause();
    }
    parsed.length = 0;
    const error = parser.errored;
    if (error instanceof CsvError && codeOf[error.code]) {
      throw new CsvReadError(codeOf[error.code]!, Number(error.records) + 1);
    }
    if (error) throw error;
  }
  try {
    for (let start = 0; start < bytes.length; start += pieceBytes) {
      writeWithoutStacks(parser, bytes.subarray(start, start + pieceBytes));
      yield* take();
      if (slices.due()) await slices.pause();
    }
    parser.end();
    await finished(parser).catch(() => {
      // Read from `parser.errored` below.
    });
    yield* take();
  } finally {
    parser.destroy();
  }
}
