import { isUtf8 } from 'node:buffer';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import {
  importTexts,
  normaliseCsvHeader,
  requiredStudentCsvColumns,
  studentCsvColumns,
  type StudentCsvColumn,
} from '@um/contract';
import { HttpError, badRequest } from '../../http/problem.js';

/**
 * A cell a spreadsheet would run as a formula starts with one of these (OWASP, CSV injection).
 * Cells already starting with the guard's quote before one of them are guarded too, so that an
 * import takes exactly one quote off and an export read back is the list it came from.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

export const guardCell = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
export const unguardCell = (cell: string) => (GUARDED.test(cell) ? cell.slice(1) : cell);

/** One RFC 4180 record per row, CRLF after each. */
export const csvRecords = (rows: readonly (readonly string[])[]) =>
  stringify(rows as string[][], { record_delimiter: 'windows' });

/** A data row of a file: its row number (the header is row 1) and its cells by column. */
export interface CsvRow {
  row: number;
  cells: Partial<Record<StudentCsvColumn, string>>;
  /** How many cells the row has and the header has, when they differ. */
  cellCount?: { found: number; expected: number };
}

const isColumn = (name: string): name is StudentCsvColumn =>
  (studentCsvColumns as readonly string[]).includes(name);

/** The columns the header names, in its order; refused when it names others or misses some. */
function readHeader(cells: readonly string[]): StudentCsvColumn[] {
  const names = cells.map(normaliseCsvHeader);
  if (names.every((name) => name === '')) throw badRequest(importTexts.empty);
  const unknown = names.filter((name) => !isColumn(name)).map((name) => name || '(blank)');
  if (unknown.length > 0) throw badRequest(importTexts.unknownColumns(unknown));
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) throw badRequest(importTexts.repeatedColumns([...new Set(repeated)]));
  const missing = requiredStudentCsvColumns.filter((column) => !names.includes(column));
  if (missing.length > 0) throw badRequest(importTexts.missingColumns(missing));
  return names as StudentCsvColumn[];
}

/**
 * The rows of an uploaded file: UTF-8 with or without a byte order mark, RFC 4180 (quotes,
 * commas and line breaks inside cells). Rows whose cells are all blank are left out but still
 * counted, so row numbers are the spreadsheet's. A file that cannot be read as such is a 400.
 */
export async function readStudentCsv(body: Buffer): Promise<CsvRow[]> {
  if (!isUtf8(body)) throw badRequest(importTexts.notUtf8);
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true });
  parser.end(body);
  let columns: StudentCsvColumn[] | undefined;
  const rows: CsvRow[] = [];
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      if (!columns) {
        columns = readHeader(record);
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      const cells: CsvRow['cells'] = {};
      columns.forEach((column, index) => {
        const cell = record[index];
        if (cell !== undefined) cells[column] = unguardCell(cell);
      });
      rows.push(
        record.length === columns.length
          ? { row, cells }
          : { row, cells, cellCount: { found: record.length, expected: columns.length } },
      );
    }
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(importTexts.notCsvText(error.message));
    throw error;
  }
  if (!columns) throw badRequest(importTexts.empty);
  return rows;
}

/** The refusal of a body that is not a CSV file. */
export const notCsv = () => new HttpError(415, importTexts.notCsv);
