import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Student, StudentSort, StudentStatus } from '@um/contract';
import type { Dialect, Executor } from '../../db/database.js';
import { naturalRollKey } from '../../db/natural-order.js';
import { cursorParts, keyset, type Page, type WrittenPage } from '../../db/paging.js';
import { compiledQuery, type Bind } from '../../db/compiled-query.js';
import { presentStudent, studentJson } from './presenter.js';

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
 * Each order of the list: the column it sorts by and its direction. Ties go by id in the same
 * direction, so that every order is one index read, forwards or backwards (migrations 0010,
 * 0014 and 0017). Roll numbers sort by their natural key (db/natural-order.ts), which the
 * database keeps in `roll_sort`.
 */
const sortOrders = {
  name: { column: 'name', direction: 'asc' },
  '-name': { column: 'name', direction: 'desc' },
  roll_number: { column: 'roll_sort', direction: 'asc' },
  '-roll_number': { column: 'roll_sort', direction: 'desc' },
} as const satisfies Record<
  StudentSort,
  { column: 'name' | 'roll_sort'; direction: 'asc' | 'desc' }
>;

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

type SearchKind = 'none' | 'columns' | 'trigrams';

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

/** Every value the filters may bind; each shape reads the ones it needs. */
interface FilterValues {
  standard: number;
  status: StudentStatus;
  /** LIKE pattern of the leading search word. */
  pattern: string;
  /** The leading word as SQLite's lower() folds it, and its first and last trigram. */
  lowered: string;
  firstTrigram: string;
  lastTrigram: string;
  /** The other search words, as a JSON array. */
  others: string;
  /** The words of fewer digits than a phone number's, as a JSON array. */
  shortNumbers: string;
}

interface ListValues extends FilterValues {
  afterKey: string;
  afterId: number;
  limit: number;
  /** How many students a walk of the order reads at most (PostgreSQL's searches). */
  walked: number;
}

interface FilterShape {
  dialect: Dialect;
  byStandard: boolean;
  /** Whether one status is asked for (the default: active), rather than all. */
  byStatus: boolean;
  search: SearchKind;
  /** Whether the search holds more words than the leading one. */
  more: boolean;
  /** Whether a search word is a number too short to be looked for in phones. */
  shortNumbers: boolean;
}

interface ListShape extends FilterShape {
  after: boolean;
  sort: StudentSort;
  /**
   * A search on PostgreSQL: walk the order's index from the cursor for the page's matches
   * (true), or sort every match (false, when the walk did not fill the page).
   */
  walk: boolean;
}

/**
 * The students a search on PostgreSQL walks in the list's order, per row of its page, before it
 * looks up every match instead (decision 0052): 100 rows for each row it shows, 5 100 for a page
 * of 50, which the covering index gives in about 2 ms.
 */
const WALKED_PER_ROW = 100;

/**
 * Every searched text of a student, lower-cased by the database, one per line (migration
 * 0017): name, e-mail, roll number, admission number, phone digits, guardians' names and phone
 * digits. A word holds no line break, so it is never found across two of them. `from` names the
 * students' table or a walk of it.
 */
const searchTextOf = (from: string) => sql.ref(`${from}.search_text`);

/** The leading word in the search text, by LIKE without regard to case. */
const matchesColumns = (bind: Bind<FilterValues>, from = 'students') =>
  sql<SqlBool>`${searchTextOf(from)} like lower(${bind('pattern')}) escape '\\'`;

/** The leading word, folded as the trigram table is, in the search text. */
const containsLowered = (bind: Bind<FilterValues>) =>
  sql<SqlBool>`instr(${searchTextOf('students')}, ${bind('lowered')}) > 0`;

/** Every other search word in the search text: no word that it does not hold. */
function matchesOthers(dialect: Dialect, bind: Bind<FilterValues>, from = 'students') {
  const searchText = searchTextOf(from);
  const missing =
    dialect === 'sqlite'
      ? sql`instr(${searchText}, lower(word.value)) = 0`
      : sql`strpos(${searchText}, lower(word.value)) = 0`;
  const words =
    dialect === 'sqlite'
      ? sql`json_each(${bind('others')}) as word`
      : sql`jsonb_array_elements_text(cast(${bind('others')} as jsonb)) as word(value)`;
  return sql<SqlBool>`not exists (select 1 from ${words} where ${missing})`;
}

/**
 * Every word of too few digits to be a phone number in the student's name, e-mail, roll number
 * or admission number: "12" finds roll number 12, never a phone holding 12 somewhere.
 */
function matchesShortNumbers(dialect: Dialect, bind: Bind<FilterValues>, from = 'students') {
  const texts = ['name', 'email', 'roll_number', 'admission_number'].map((column) =>
    sql.ref(`${from}.${column}`),
  );
  const find = dialect === 'sqlite' ? 'instr' : 'strpos';
  const missing = sql.join(
    texts.map((text) => sql`${sql.raw(find)}(${text}, word.value) = 0`),
    sql` and `,
  );
  const words =
    dialect === 'sqlite'
      ? sql`json_each(${bind('shortNumbers')}) as word`
      : sql`jsonb_array_elements_text(cast(${bind('shortNumbers')} as jsonb)) as word(value)`;
  return sql<SqlBool>`not exists (select 1 from ${words} where ${missing})`;
}

/**
 * The trigram table's rows (migration 0009) holding both the first and the last trigram of the
 * leading word, in name order: a walk of the first trigram's rows with a probe into the same
 * index for the last.
 */
function trigramWalk(db: Executor, bind: Bind<FilterValues>) {
  return db
    .selectFrom('student_trigrams as hit')
    .where('hit.trigram', '=', bind('firstTrigram'))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('student_trigrams as also')
          .select('also.id')
          .where('also.trigram', '=', bind('lastTrigram'))
          .whereRef('also.name', '=', 'hit.name')
          .whereRef('also.id', '=', 'hit.id'),
      ),
    );
}

/** The live students the filters let through, as the list and the count both read them. */
function filteredStudents(db: Executor, shape: FilterShape, bind: Bind<FilterValues>) {
  let filtered = db.selectFrom('students').where('students.deleted_at', 'is', null);
  if (shape.byStatus) filtered = filtered.where('students.status', '=', bind('status'));
  if (shape.byStandard) filtered = filtered.where('students.standard_id', '=', bind('standard'));
  if (shape.search === 'trigrams' && shape.dialect === 'sqlite') {
    filtered = filtered
      .where('students.id', 'in', trigramWalk(db, bind).select('hit.id'))
      .where(containsLowered(bind));
  } else if (shape.search !== 'none') {
    filtered = filtered.where(matchesColumns(bind));
  }
  if (shape.more) filtered = filtered.where(matchesOthers(shape.dialect, bind));
  if (shape.shortNumbers) filtered = filtered.where(matchesShortNumbers(shape.dialect, bind));
  return filtered;
}

/**
 * A page of the student list in one of its shapes (an order, a standard or not, a search or
 * not, a first page or not), each student written as the API's JSON. Each shape reads the
 * page's rows in the list's order from an index and stops at the page's end, so a page costs
 * the same at row 10 and at row 100 000:
 *
 * - no search: the covering indexes of migrations 0010 and 0014 hold every column in each
 *   order, so the page is read from one index, forwards or backwards, without a lookup per row
 *   (on SQLite a standard by roll number walks its unique index of live roll numbers, and looks
 *   each row up by rowid);
 * - a search by name order whose leading word has three characters or more, on SQLite: the
 *   trigram table of migration 0009 is keyed by (trigram, name, id), so the students holding
 *   the word's first trigram come out already in name order; each is checked for its last
 *   trigram in the same index, then against the words themselves, and the walk stops once the
 *   page is full (decision 0023);
 * - such a search on PostgreSQL: first a walk of the order's covering index from the cursor,
 *   which holds the search text, checking each student and stopping at the page's end or after
 *   WALKED_PER_ROW students per row (decision 0052). A word most students hold fills the page
 *   within a few hundred; a rare one does not, and is then looked up as below;
 * - such a search by roll number on SQLite, or one on PostgreSQL whose walk did not fill the
 *   page: the trigram table or the pg_trgm index find every match, in a materialized CTE, and
 *   only their keys are sorted. Left to choose, PostgreSQL's planner may walk the order's index
 *   hoping to fill a page early, which reads every student for a name that sorts late (decision
 *   0025): the bounded walk above is that hope, kept to a cost known in advance;
 * - shorter words compare the columns, lower-cased on both sides (PostgreSQL's LIKE is
 *   case-sensitive), walking the order's index until the page is full.
 */
function listRows(db: Executor, shape: ListShape, bind: Bind<ListValues>) {
  const item = studentJson(shape.dialect);
  const { column, direction } = sortOrders[shape.sort];
  const beyond = direction === 'asc' ? '>' : '<';
  if (shape.search === 'trigrams' && shape.dialect === 'sqlite' && column === 'name') {
    let select = trigramWalk(db, bind)
      .innerJoin('students', 'students.id', 'hit.id')
      .select(item)
      .where('students.deleted_at', 'is', null)
      .where(containsLowered(bind));
    if (shape.byStatus) select = select.where('students.status', '=', bind('status'));
    if (shape.byStandard) select = select.where('students.standard_id', '=', bind('standard'));
    if (shape.more) select = select.where(matchesOthers(shape.dialect, bind));
    if (shape.shortNumbers) select = select.where(matchesShortNumbers(shape.dialect, bind));
    if (shape.after) {
      select = select.where(({ eb, refTuple, tuple }) =>
        eb(refTuple('hit.name', 'hit.id'), beyond, tuple(bind('afterKey'), bind('afterId'))),
      );
    }
    return select.orderBy('hit.name', direction).orderBy('hit.id', direction).limit(bind('limit'));
  }

  const afterCursor = (filters: FilterShape) => {
    const filtered = filteredStudents(db, filters, bind);
    if (!shape.after) return filtered;
    return filtered.where(({ eb, refTuple, tuple }) =>
      eb(
        refTuple(`students.${column}`, 'students.id'),
        beyond,
        tuple(bind('afterKey'), bind('afterId')),
      ),
    );
  };

  if (shape.search === 'trigrams' && shape.walk) {
    const walked = afterCursor({ ...shape, search: 'none', more: false, shortNumbers: false })
      .select((eb) => [
        'students.id',
        eb.ref(`students.${column}`).as('sort_key'),
        'students.search_text',
        'students.name',
        'students.email',
        'students.roll_number',
        'students.admission_number',
      ])
      .orderBy(`students.${column}`, direction)
      .orderBy('students.id', direction)
      .limit(bind('walked'));
    let hits = db
      .selectFrom(walked.as('walked'))
      .select('walked.id')
      .where(matchesColumns(bind, 'walked'));
    if (shape.more) hits = hits.where(matchesOthers(shape.dialect, bind, 'walked'));
    if (shape.shortNumbers) {
      hits = hits.where(matchesShortNumbers(shape.dialect, bind, 'walked'));
    }
    return db
      .selectFrom('students')
      .select(item)
      .where('students.id', 'in', () =>
        hits
          .orderBy('walked.sort_key', direction)
          .orderBy('walked.id', direction)
          .limit(bind('limit')),
      )
      .orderBy(`students.${column}`, direction)
      .orderBy('students.id', direction);
  }

  const filtered = afterCursor(shape);
  if (shape.search === 'trigrams') {
    return db
      .with(
        (cte) => cte('matches').materialized(),
        () => filtered.select((eb) => ['students.id', eb.ref(`students.${column}`).as('sort_key')]),
      )
      .selectFrom('students')
      .select(item)
      .where('students.id', 'in', (qb) =>
        qb
          .selectFrom('matches')
          .select('matches.id')
          .orderBy('matches.sort_key', direction)
          .orderBy('matches.id', direction)
          .limit(bind('limit')),
      )
      .orderBy(`students.${column}`, direction)
      .orderBy('students.id', direction);
  }
  return filtered
    .select(item)
    .orderBy(`students.${column}`, direction)
    .orderBy('students.id', direction)
    .limit(bind('limit'));
}

/** The list's pages, compiled once per shape. */
const studentsPage = compiledQuery((db, bind: Bind<ListValues>, shape: ListShape) =>
  listRows(db, shape, bind),
);

/**
 * How many live students the filters let through: the same reads as the list's, counted
 * instead of paged; on SQLite a count without a search reads the narrow index of live roll
 * numbers, not the covering ones.
 */
const studentsCount = compiledQuery((db, bind: Bind<FilterValues>, shape: FilterShape) =>
  filteredStudents(db, shape, bind).select((eb) => eb.fn.countAll<number | string>().as('count')),
);

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
  let rows = await studentsPage.run(db, shape, values);
  // A walk that found fewer than a page may have stopped short of matches further on.
  if (shape.walk && rows.length < request.rowsToRead) {
    rows = await studentsPage.run(db, { ...shape, walk: false }, values);
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
  const [row] = await studentsCount.run(db, shape, {
    ...search.values,
    standard: filters.standard ?? 0,
    status: statusOf(filters),
  });
  return Number(row?.count ?? 0);
}

export async function findStudent(db: Executor, id: number): Promise<Student | undefined> {
  const row = await db
    .selectFrom('students')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && presentStudent(row);
}
