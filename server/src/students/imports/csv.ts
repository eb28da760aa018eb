import { isUtf8 } from 'node:buffer';
import { stringify } from 'csv-stringify/sync';
import {
  IMPORT_MAX_CELLS,
  IMPORT_MAX_ROW_LENGTH,
  IMPORT_MAX_ROWS,
  csvReadErrorTexts,
  importTexts,
  normaliseCsvHeader,
  importCsvColumns,
  requiredStudentCsvColumns,
  type ImportCsvColumn,
} from '@um/contract';
import { HttpError, badRequest } from '../../http/problem.js';
import { CsvReadError, readCsvRecords } from './csv-reader.js';

/**
 * A cell a spreadsheet would run as a formula starts with one of these (OWASP, CSV injection).
 * Cells already starting with the guard's quote before one of them are guarded too, so that an
 * import takes exactly one quote off and an export read back is the list it came from.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

export const guardCell = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
export const unguardCell = (cell: string) => (GUARDED.test(cell) ? cell.slice(1) : cell);

/**
 * One RFC 4180 record per row, CRLF after each. A cell holding a line break of any kind is
 * quoted: the writer on its own quotes only its record delimiter (CRLF), so a name holding a
 * bare LF or CR was written as it is, and every CSV reader and spreadsheet saw a new row start
 * there, formula guard or not.
 */
export const csvRecords = (rows: readonly (readonly string[])[]) =>
  stringify(rows as string[][], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });

/** A data row of a file: its row number (the header is row 1) and its cells by column. */
export interface CsvRow {
  row: number;
  cells: Partial<Record<ImportCsvColumn, string>>;
  /** How many cells the row has and the header has, when they differ. */
  cellCount?: { found: number; expected: number };
}

const isColumn = (name: string): name is ImportCsvColumn =>
  (importCsvColumns as readonly string[]).includes(name);

/** The columns the header names, in its order; refused when it names others or misses some. */
function readHeader(cells: readonly string[]): ImportCsvColumn[] {
  const names = cells.map(normaliseCsvHeader);
  if (names.every((name) => name === '')) throw badRequest(importTexts.empty);
  const unknown = names.filter((name) => !isColumn(name)).map((name) => name || '(blank)');
  if (unknown.length > 0) throw badRequest(importTexts.unknownColumns(unknown));
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) throw badRequest(importTexts.repeatedColumns([...new Set(repeated)]));
  const missing = requiredStudentCsvColumns.filter((column) => !names.includes(column));
  if (missing.length > 0) throw badRequest(importTexts.missingColumns(missing));
  return names as ImportCsvColumn[];
}

/** The refusal of a file with more rows than an import takes. */
const tooManyRows = () => new HttpError(413, importTexts.tooManyRows);

/**
 * The rows of an uploaded file: UTF-8 with or without a byte order mark, RFC 4180 (quotes,
 * commas and line breaks inside cells). Rows whose cells are all blank are left out but still
 * counted, so row numbers are the spreadsheet's. A file that cannot be read as such is a 400,
 * in the contract's words, and one with more than IMPORT_MAX_ROWS rows below its header a 413,
 * refused as soon as the reader gets there: what a file costs is bounded by the row limit, not
 * by its size. The event loop is given back every 10 ms while it reads (decisions 0033, 0071).
 */
export async function readStudentCsv(body: Buffer): Promise<CsvRow[]> {
  // Checking all of it costs about a millisecond for 10 MB; decoding it is done as it is read.
  if (!isUtf8(body)) throw badRequest(importTexts.notUtf8);
  const records = readCsvRecords(body, {
    maxRecordBytes: IMPORT_MAX_ROW_LENGTH,
    maxCells: IMPORT_MAX_CELLS,
  });
  let columns: ImportCsvColumn[] | undefined;
  const rows: CsvRow[] = [];
  try {
    for await (const record of records) {
      const { row, cells: values } = record;
      if (!columns) {
        columns = readHeader(values);
        continue;
      }
      if (row - 1 > IMPORT_MAX_ROWS) throw tooManyRows();
      if (values.every((cell) => cell.trim() === '')) continue;
      const cells: CsvRow['cells'] = {};
      columns.forEach((column, index) => {
        const cell = values[index];
        if (cell !== undefined) cells[column] = unguardCell(cell);
      });
      rows.push(
        values.length === columns.length
          ? { row, cells }
          : { row, cells, cellCount: { found: values.length, expected: columns.length } },
      );
    }
  } catch (error) {
    if (error instanceof CsvReadError) throw badRequest(csvReadErrorTexts[error.code](error.row));
    throw error;
  }
  if (!columns) throw badRequest(importTexts.empty);
  return rows;
}

/** The refusal of a body that is not a CSV file. */
export const notCsv = () => new HttpError(415, importTexts.notCsv);
