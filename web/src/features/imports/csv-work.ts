import Papa from 'papaparse';
import type { ParseResult, Parser } from 'papaparse';
import type { OutputColumn } from './columns';

/** What the page asks of the CSV worker, one request at a time. */
export type CsvRequest =
  | { type: 'read'; file: Blob }
  | { type: 'write'; columns: readonly OutputColumn[] }
  | { type: 'column'; index: number }
  | { type: 'wrongRows'; problems: readonly RowProblem[]; errorHeading: string };

/** What is wrong with one row of the file, by its row number (the header being row 1). */
export interface RowProblem {
  row: number;
  text: string;
}

/** What a file holds, as the mapping step shows it. */
export interface CsvPreview {
  headings: string[];
  /** The first rows below the header that hold anything. */
  rows: string[][];
  /** The rows with anything in them below the header. */
  rowCount: number;
}

/**
 * Why a file could not be read. The page words it: the worker carries none of the contract's
 * texts, nor the schemas beside them, so it starts quickly.
 */
export type CsvFailure =
  { reason: 'notUtf8' | 'empty' | 'unreadable' } | { reason: 'quoteNotClosed'; row: number };

export type CsvReply =
  | { type: 'progress'; fraction: number }
  | { type: 'read'; preview: CsvPreview }
  | { type: 'written'; file: Blob }
  | { type: 'column'; cells: string[] }
  | ({ type: 'failed' } & CsvFailure);

const PREVIEW_ROWS = 5;
/** Characters parsed, and rows written, between two progress reports. */
const PARSE_CHUNK = 512 * 1024;
const WRITE_BATCH = 5000;
const CRLF = '\r\n';

class CsvFileError extends Error {
  constructor(readonly failure: CsvFailure) {
    super(failure.reason);
  }
}

const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/** A file's bytes, through FileReader, which workers and the component tests' DOM both have. */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * The rows of a file, its header first. The text must be UTF-8, as the API takes nothing else:
 * read any other way, a file saved in a legacy encoding would be sent with its accented letters
 * silently replaced. Files saved with semicolons or tabs between cells (a spreadsheet's
 * regional setting) are read too, since the file sent is written anew with commas.
 */
function readRows(bytes: ArrayBuffer, report: (reply: CsvReply) => void): string[][] {
  let text: string;
  try {
    // The decoder drops a byte order mark.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CsvFileError({ reason: 'notUtf8' });
  }
  const rows: string[][] = [];
  let parsed = 0;
  /** The row (the first being 1) where a quote opens that is never closed. */
  let unclosedQuote: number | null = null;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    chunkSize: PARSE_CHUNK,
    chunk: (result: ParseResult<string[]>, parser: Parser) => {
      const unclosed = result.errors.find((error) => error.code === 'MissingQuotes');
      if (unclosed) {
        unclosedQuote = rows.length + (unclosed.row ?? 0) + 1;
        parser.abort();
        return;
      }
      for (const row of result.data) rows.push(row);
      parsed += PARSE_CHUNK;
      report({ type: 'progress', fraction: Math.min(1, parsed / text.length) });
    },
    complete: () => report({ type: 'progress', fraction: 1 }),
  });
  if (unclosedQuote !== null) {
    throw new CsvFileError({ reason: 'quoteNotClosed', row: unclosedQuote });
  }
  if (rows.length === 0 || isBlank(rows[0] ?? [])) throw new CsvFileError({ reason: 'empty' });
  return rows;
}

/**
 * The file the API receives: the columns' names as its header, then each row's cells from the
 * columns' sources, one row for each of the file's, so the API's row numbers are the
 * spreadsheet's. A row longer than the header keeps its extra cells, so the API still refuses it
 * (they usually mean a comma that should have been quoted, and dropping them would lose part of
 * an address); a shorter one reads its missing cells as empty, as spreadsheets do.
 */
function writeFile(
  rows: readonly string[][],
  columns: readonly OutputColumn[],
  report: (reply: CsvReply) => void,
): Blob {
  const width = rows[0]?.length ?? 0;
  const parts = [Papa.unparse([columns.map((column) => column.name)]) + CRLF];
  for (let start = 1; start < rows.length; start += WRITE_BATCH) {
    const batch = rows.slice(start, start + WRITE_BATCH).map((row) => {
      const cells = columns.map((column) => row[column.source] ?? '');
      return row.length > width ? [...cells, ...row.slice(width)] : cells;
    });
    parts.push(Papa.unparse(batch, { newline: CRLF }) + CRLF);
    report({ type: 'progress', fraction: Math.min(1, (start + batch.length) / rows.length) });
  }
  return new Blob(parts, { type: 'text/csv' });
}

/**
 * The rows of the file that have problems, as the spreadsheet had them, each with what is wrong
 * in one more column: to fix them there and import them again. It starts with a byte order mark
 * so that a spreadsheet reads it as UTF-8.
 */
function writeWrongRows(
  rows: readonly string[][],
  problems: readonly RowProblem[],
  errorHeading: string,
): Blob {
  const byRow = new Map<number, string[]>();
  for (const { row, text } of problems) byRow.set(row, [...(byRow.get(row) ?? []), text]);
  const header = rows[0] ?? [];
  const wrong = [...byRow.keys()]
    .sort((a, b) => a - b)
    .map((row) => {
      const cells = rows[row - 1] ?? [];
      const padded = header.map((_, index) => cells[index] ?? '');
      return [...padded, ...cells.slice(header.length), (byRow.get(row) ?? []).join(' ')];
    });
  const text = Papa.unparse([[...header, errorHeading], ...wrong], { newline: CRLF }) + CRLF;
  return new Blob(['\uFEFF', text], { type: 'text/csv' });
}

/**
 * The CSV worker's work, kept apart from the worker's own wiring: it reads a file once and
 * keeps its rows, so the page holds only a preview, then writes the file to send for a mapping.
 */
export function csvWork(report: (reply: CsvReply) => void) {
  let rows: string[][] = [];
  return async (request: CsvRequest): Promise<void> => {
    try {
      if (request.type === 'read') {
        rows = readRows(await readBytes(request.file), report);
        const filled = rows.slice(1).filter((row) => !isBlank(row));
        report({
          type: 'read',
          preview: {
            headings: rows[0] ?? [],
            rows: filled.slice(0, PREVIEW_ROWS),
            rowCount: filled.length,
          },
        });
      } else if (request.type === 'column') {
        const cells = rows.slice(1).map((row) => row[request.index] ?? '');
        report({ type: 'column', cells: cells.filter((cell) => cell.trim() !== '') });
      } else if (request.type === 'write') {
        report({ type: 'written', file: writeFile(rows, request.columns, report) });
      } else {
        report({
          type: 'written',
          file: writeWrongRows(rows, request.problems, request.errorHeading),
        });
      }
    } catch (error) {
      const failure: CsvFailure =
        error instanceof CsvFileError ? error.failure : { reason: 'unreadable' };
      report({ type: 'failed', ...failure });
    }
  };
}
