import { studentCsvColumns, type Student } from '@um/contract';
import type { Dialect, Executor } from '../../db/database.js';
import { listStudents } from '../repository.js';
import { csvRecords, guardCell } from './csv.js';

/** Students per page read from the database while the file streams out. */
const EXPORT_PAGE_SIZE = 500;

/**
 * The students the list shows for these filters, as CSV text in pages of the list's own keyset
 * order: memory holds one page, however many students there are. Standards are written by name.
 */
export async function* exportStudents(
  db: Executor,
  dialect: Dialect,
  filters: { standard?: number | undefined; q?: string | undefined },
): AsyncGenerator<string> {
  const standards = new Map(
    (await db.selectFrom('standards').select(['id', 'name']).execute()).map(
      (row) => [row.id, row.name] as const,
    ),
  );
  const cells = (student: Student) =>
    [
      student.name,
      student.email,
      student.roll_number,
      standards.get(student.standard) ?? String(student.standard),
      student.phone_number,
      student.address,
    ].map(guardCell);
  yield csvRecords([[...studentCsvColumns]]);
  let cursor: string | undefined;
  do {
    const page = await listStudents(db, dialect, { ...filters, limit: EXPORT_PAGE_SIZE, cursor });
    if (page.data.length > 0) yield csvRecords(page.data.map(cells));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}
