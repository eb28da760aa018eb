import { z } from 'zod';
import type { Student, StudentSort, StudentStatus } from '@um/contract';
import type { Dialect, Executor } from '../../db/database.js';
import { naturalRollKey } from '../../db/natural-order.js';
import { cursorParts, keyset, type Page, type WrittenPage } from '../../db/paging.js';
import {
  countOfStudents,
  findLiveStudent,
  pageOfStudents,
  type FilterShape,
  type ListShape,
  type ListValues,
  type SearchKind,
} from '../../repositories/students.js';
import { presentStudent } from './presenter.js';

/**
 * How students are read: the list in its orders, filtered by standard and searched by words,
 * its count, the export's pages and one student. Writes are in writes.ts; both show a student
 * as presenter.ts does.
 */

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The shortest text a trigram index (migrations 0004 and 0009) can look up. */
const TRIGRAM_LENGTH = 3;

/**
 * SQLite's lower(), which the trigram table is built with: it folds ASCII letters only, so the
 * search text is folded the same way to meet the same trigrams.
 */
const sqliteLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/**
 * A page's cursor is the sort key of its last student. The name order's is [name, id], as it
 * was before the list had other orders, so that cursors handed out then still work; the others
 * name their order first ([sort, key, id]), so that a cursor of one order is refused in
 * another instead of being read as a key it is not.
 */
const pagesBySort = {
  name: keyset(
    z.tuple([cursorParts.text, cursorParts.id]),
    (student: Student) => [student.name, student.id] as const,
  ),
  '-name': keyset(
    otherOrderCursor('-name'),
    (student: Student) => ['-name', student.name, student.id] as const,
  ),
  roll_number: keyset(
    otherOrderCursor('roll_number'),
    (student: Student) => ['roll_number', naturalRollKey(student.roll_number), student.id] as const,
  ),
  '-roll_number': keyset(
    otherOrderCursor('-roll_number'),
    (student: Student) =>
      ['-roll_number', naturalRollKey(student.roll_number), student.id] as const,
  ),
} satisfies Record<StudentSort, unknown>;

function otherOrderCursor<Sort extends Exclude<StudentSort, 'name'>>(sort: Sort) {
  return z
    .tuple([z.literal(sort), cursorParts.text, cursorParts.id])
    .transform(([, key, id]): [string, number] => [key, id]);
}

/** The fewest digits a word needs to be looked up as a phone number. */
const PHONE_DIGITS_MIN = 4;

/**
 * A word written like a phone number (digits and + - ( ) . only) with enough digits is looked up
 * by its digits, as the search text holds phones (migration 0017): "98765-43210" finds
 * "+91 98765 43210".
 */
function phoneDigits(word: string): string {
  if (!/^[0-9+\-().]+$/.test(word)) return word;
  const digits = word.replace(/[^0-9]/g, '');
  return digits.length >= PHONE_DIGITS_MIN ? digits : word;
}

/** A word of digits too few to be a phone number: found in no phone, only in the other texts. */
const isShortNumber = (word: string) => /^[0-9]+$/.test(word) && word.length < PHONE_DIGITS_MIN;

/**
 * The words of a search, each of which a student must hold, in any order. The longest leads:
 * it is the likeliest to be rare, so the trigram lookup and the pg_trgm indexes find the
 * fewest rows by it; the other words are checked on the rows it finds.
 */
function searchOf(text: string | undefined) {
  const words = [
    ...new Set(
      (text ?? '')
        .split(/\s+/u)
        .filter((word) => word !== '')
        .map(phoneDigits),
    ),
  ];
  const lead = words.reduce(
    (longest, word) => ([...word].length > [...longest].length ? word : longest),
    '',
  );
  const kind: SearchKind =
    words.length === 0 ? 'none' : [...lead].length >= TRIGRAM_LENGTH ? 'trigrams' : 'columns';
  const lowered = [...sqliteLower(lead)];
  const shortNumbers = words.filter(isShortNumber);
  return {
    kind,
    more: words.length > 1,
    shortNumbers: shortNumbers.length > 0,
    values: {
      shortNumbers: JSON.stringify(shortNumbers),
      pattern: containsPattern(lead),
      lowered: lowered.join(''),
      firstTrigram: lowered.slice(0, TRIGRAM_LENGTH).join(''),
      lastTrigram: lowered.slice(-TRIGRAM_LENGTH).join(''),
      others: JSON.stringify(words.filter((word) => word !== lead)),
    },
  };
}

/** What the list's filters ask for. */
export interface StudentFilters {
  standard?: number | undefined;
  q?: string | undefined;
  /** Active students when not given; `all` for every live student. */
  status?: StudentStatus | 'all' | undefined;
}

export interface StudentListQuery extends StudentFilters {
  sort?: StudentSort | undefined;
  limit: number;
  cursor?: string | undefined;
}

/**
 * The students a search on PostgreSQL walks in the list's order, per row of its page, before it
 * looks up every match instead (decision 0052): 100 rows for each row it shows, 5 100 for a page
 * of 50, which the covering index gives in about 2 ms.
 */
const WALKED_PER_ROW = 100;

const noText = '';

/** The one status the filters ask for: active unless they say otherwise. */
const statusOf = (filters: StudentFilters): StudentStatus =>
  filters.status === undefined || filters.status === 'all' ? 'active' : filters.status;

/** A page of the list as the API answers it, each student written by the database. */
export async function listStudentsJson(
  db: Executor,
  dialect: Dialect,
  query: StudentListQuery,
): Promise<WrittenPage<Student>> {
  const sort = query.sort ?? 'name';
  const pages = pagesBySort[sort];
  const request = pages.request(query);
  const search = searchOf(query.q);
  const shape: ListShape = {
    dialect,
    byStandard: query.standard !== undefined,
    byStatus: query.status !== 'all',
    search: search.kind,
    more: search.more,
    shortNumbers: search.shortNumbers,
    after: request.after !== undefined,
    sort,
    walk: dialect === 'postgres' && search.kind === 'trigrams',
  };
  const values: ListValues = {
    ...search.values,
    standard: query.standard ?? 0,
    status: statusOf(query),
    afterKey: request.after?.[0] ?? noText,
    afterId: request.after?.[1] ?? 0,
    limit: request.rowsToRead,
    walked: request.rowsToRead * WALKED_PER_ROW,
  };
  let rows = await pageOfStudents(db, shape, values);
  // A walk that found fewer than a page may have stopped short of matches further on.
  if (shape.walk && rows.length < request.rowsToRead) {
    rows = await pageOfStudents(db, { ...shape, walk: false }, values);
  }
  return pages.writtenPage(rows, request);
}

/** The same page as objects: for the export, which writes them out as CSV. */
export async function listStudents(
  db: Executor,
  dialect: Dialect,
  query: StudentListQuery,
): Promise<Page<Student>> {
  const page = await listStudentsJson(db, dialect, query);
  return { data: JSON.parse(`[${page.items}]`) as Student[], next_cursor: page.next_cursor };
}

export async function countStudents(
  db: Executor,
  dialect: Dialect,
  filters: StudentFilters,
): Promise<number> {
  const search = searchOf(filters.q);
  const shape: FilterShape = {
    dialect,
    byStandard: filters.standard !== undefined,
    byStatus: filters.status !== 'all',
    search: search.kind,
    more: search.more,
    shortNumbers: search.shortNumbers,
  };
  const [row] = await countOfStudents(db, shape, {
    ...search.values,
    standard: filters.standard ?? 0,
    status: statusOf(filters),
  });
  return Number(row?.count ?? 0);
}

export async function findStudent(db: Executor, id: number): Promise<Student | undefined> {
  const row = await findLiveStudent(db, id);
  return row && presentStudent(row);
}
