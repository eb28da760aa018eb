import type { CsvReadErrorCode } from '@um/contract';

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

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/** Bytes decoded at a time: a record is read from at most what it spans plus this. */
const PIECE_BYTES = 64 * 1024;

/** UTF-8 bytes as text, a piece at a time; a byte order mark at the start is dropped. */
export function* utf8Pieces(bytes: Uint8Array): Generator<string> {
  const decoder = new TextDecoder('utf-8');
  for (let start = 0; start < bytes.length; start += PIECE_BYTES) {
    yield decoder.decode(bytes.subarray(start, start + PIECE_BYTES), { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** `parse` found the end of what is decoded before the end of a record. */
const MORE = Symbol('more');

/**
 * Reads RFC 4180 records one at a time, from text that arrives in pieces: its caller decides
 * when to give the event loop back, and stops when it has read enough, so a file costs what is
 * read of it, not its size (decision 0033). Cells are separated by commas; a cell in double
 * quotes may hold commas, line breaks and quotes written twice (""); a quote inside a cell that
 * does not start with one is taken as it is. A record ends at CRLF, LF or CR alike, and an
 * empty line is a record of one empty cell, so that every row counts. No record may be longer
 * than `maxLength` characters: a quote that is never closed would otherwise make the rest of
 * the file one cell, and the reader stops at the bound instead of at the end.
 */
export class CsvReader {
  /** Decoded text not yet read, from `at`. */
  private text = '';
  private at = 0;
  private row = 0;
  private exhausted = false;

  constructor(
    private readonly pieces: Iterator<string>,
    private readonly maxLength: number,
  ) {}

  /** The next record, or null after the last. Throws CsvReadError. */
  next(): CsvRecord | null {
    for (;;) {
      const record = this.parse();
      if (record !== MORE) return record;
      const piece = this.pieces.next();
      if (piece.done) this.exhausted = true;
      else {
        this.text = this.text.slice(this.at) + piece.value;
        this.at = 0;
      }
    }
  }

  /** The record from `at`, or MORE when the text decoded so far ends before it does. */
  private parse(): CsvRecord | null | typeof MORE {
    const { text, exhausted } = this;
    const end = text.length;
    if (this.at >= end) return exhausted ? null : MORE;
    const start = this.at;
    const row = this.row + 1;
    const tooLong = (at: number) => at - start > this.maxLength;
    const done = (cells: string[], next: number) => {
      this.at = next;
      this.row = row;
      return { row, cells };
    };
    const cells: string[] = [];
    let at = start;
    for (;;) {
      if (text.charCodeAt(at) === QUOTE) {
        let cell = '';
        let from = at + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (tooLong(quote === -1 ? end : quote + 1)) throw new CsvReadError('row-too-long', row);
          // Whether a quote closes the cell or is the first of two needs the character after it.
          if (quote === -1 || (quote + 1 === end && !exhausted)) {
            if (exhausted) throw new CsvReadError('quote-not-closed', row);
            return MORE;
          }
          cell += text.slice(from, quote);
          if (text.charCodeAt(quote + 1) !== QUOTE) {
            at = quote + 1;
            break;
          }
          cell += '"';
          from = quote + 2;
        }
        cells.push(cell);
      } else {
        let stop = at;
        while (stop < end) {
          const code = text.charCodeAt(stop);
          if (code === COMMA || code === LF || code === CR) break;
          stop += 1;
          if (tooLong(stop)) throw new CsvReadError('row-too-long', row);
        }
        if (stop === end && !exhausted) return MORE;
        cells.push(text.slice(at, stop));
        at = stop;
      }
      if (at >= end) {
        if (!exhausted) return MORE;
        return done(cells, end);
      }
      const after = text.charCodeAt(at);
      if (after === COMMA) {
        at += 1;
        if (at < end) continue;
        if (!exhausted) return MORE;
        cells.push('');
        return done(cells, end);
      }
      if (after === CR && at + 1 === end && !exhausted) return MORE;
      if (after === LF || after === CR) {
        return done(cells, after === CR && text.charCodeAt(at + 1) === LF ? at + 2 : at + 1);
      }
      throw new CsvReadError('text-after-quote', row);
    }
  }
}
