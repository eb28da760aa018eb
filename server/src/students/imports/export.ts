import { studentCsvColumns, type Student, type StudentSort } from '@um/contract';
import type { Dialect, Executor } from '../../db/database.js';
import { allStandardNames, findStandardName } from '../../repositories/standards.js';
import { listStudents, type StudentFilters } from '../record/read-model.js';
import { csvRecords, guardCell } from './csv.js';

/** Students per page read from the database while the file streams out. */
const EXPORT_PAGE_SIZE = 500;

/** What narrows and orders an export: the list's own filters and order. */
export type ExportQuery = StudentFilters & { sort?: StudentSort | undefined };

/**
 * A UTF-8 byte order mark: without it Excel reads a CSV file in the computer's legacy code page
 * and "Zoë" comes out garbled. Every CSV reader we know of skips it, the import included.
 */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The students the list shows for these filters, in its order, as CSV text in pages of the
 * list's own keyset order: memory holds one page, however many students there are. Standards
 * are written by name; the guardian columns are the primary guardian's.
 */
export async function* exportStudents(
  db: Executor,
  dialect: Dialect,
  query: ExportQuery,
): AsyncGenerator<string> {
  const standards = new Map((await allStandardNames(db)).map((row) => [row.id, row.name] as const));
  const cells = (student: Student) => {
    const guardian = student.guardians.find((one) => one.primary);
    return [
      student.name,
      student.email,
      student.roll_number,
      standards.get(student.standard) ?? String(student.standard),
      student.phone_number,
      student.address,
      student.admission_number,
      student.date_of_birth ?? '',
      student.status,
      guardian?.name ?? '',
      guardian?.relation ?? '',
      guardian?.phone ?? '',
      guardian?.email ?? '',
    ].map(guardCell);
  };
  yield BYTE_ORDER_MARK + csvRecords([[...studentCsvColumns]]);
  let cursor: string | undefined;
  do {
    const page = await listStudents(db, dialect, {
      ...query,
      limit: EXPORT_PAGE_SIZE,
      cursor,
    });
    if (page.data.length > 0) yield csvRecords(page.data.map(cells));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

/**
 * The file's name says what it holds and when: `students-7A-2026-11-26.csv` for a standard,
 * `students-2026-11-26.csv` for all. Characters a file name or the header could not carry
 * become hyphens.
 */
export async function exportFileName(
  db: Executor,
  standard: number | undefined,
  today: string,
): Promise<string> {
  const row = standard === undefined ? undefined : await findStandardName(db, standard);
  const part = row?.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return ['students', part, today].filter((piece) => piece).join('-') + '.csv';
}
