import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Student, StudentSort, StudentStatus } from '@um/contract';
import type { Dialect, Executor } from '../db/database.js';
import { inChunks } from '../db/in-chunks.js';
import { jsonItem } from '../db/paging.js';
import { compiledQuery, type Bind, type QueryShape } from '../db/compiled-query.js';
import type {
  GuardianRow,
  StudentGuardiansTable,
  StudentRow,
  StudentsTable,
} from '../db/schema.js';
import { lastEventAt } from './history.js';
import { versionedRows } from '../db/versioned-rows.js';

/**
 * The SQL of the students, their guardians and their trigrams (docs/decisions/0082): every
 * query that names `students`, `student_guardians` or `student_trigrams`.
 */

/** How many active students a standard holds. */
export async function countActiveStudentsOfStandard(
  trx: Executor,
  standardId: number,
): Promise<number> {
  const { count } = await trx
    .selectFrom('students')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('standard_id', '=', standardId)
    .where('deleted_at', 'is', null)
    // Students who left or graduated keep their standard but no longer hold it in use.
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The standards of `standardIds` some live student is in, once per student. */
export async function standardsOfLiveStudents(
  trx: Executor,
  standardIds: readonly number[],
): Promise<number[]> {
  const rows = await trx
    .selectFrom('students')
    .select('standard_id')
    .where('standard_id', 'in', standardIds)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((student) => student.standard_id);
}

/**
 * A student row as the database holds it, without the bin's and the search's columns: what
 * presenting a student reads.
 */
export type StudentRecord = Omit<
  StudentRow,
  'deleted_at' | 'deleted_by' | 'guardian_search' | 'roll_sort' | 'search_text'
>;

/** The same student, written as the API's JSON by the database from a row of a page. */
const studentJson = jsonItem<Student, StudentRecord>('students', (field) => ({
  id: field.value('id'),
  name: field.value('name'),
  email: field.value('email'),
  roll_number: field.value('roll_number'),
  standard: field.value('standard_id'),
  phone_number: field.value('phone_number'),
  address: field.value('address'),
  admission_number: field.value('admission_number'),
  date_of_birth: field.value('date_of_birth'),
  status: field.value('status'),
  left_on: field.value('left_on'),
  guardians: field.json<Student['guardians']>((dialect) =>
    dialect === 'postgres'
      ? sql`cast(students.guardians_json as json)`
      : sql`json(students.guardians_json)`,
  ),
  created_at: field.timestamp('created_at'),
  updated_at: field.timestamp('updated_at'),
  version: field.value('version'),
}));

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

export type SearchKind = 'none' | 'columns' | 'trigrams';

/** Every value the filters may bind; each shape reads the ones it needs. */
export interface FilterValues {
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

export interface ListValues extends FilterValues {
  afterKey: string;
  afterId: number;
  limit: number;
  /** How many students a walk of the order reads at most (PostgreSQL's searches). */
  walked: number;
}

export interface FilterShape {
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

export interface ListShape extends FilterShape {
  after: boolean;
  sort: StudentSort;
  /**
   * A search on PostgreSQL: walk the order's index from the cursor for the page's matches
   * (true), or sort every match (false, when the walk did not fill the page).
   */
  walk: boolean;
}

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
 *   a set number of students per row (decision 0052). A word most students hold fills the page
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

export function pageOfStudents(db: Executor, shape: ListShape, values: ListValues) {
  return studentsPage.run(db, shape, values);
}

/**
 * How many live students the filters let through: the same reads as the list's, counted
 * instead of paged; on SQLite a count without a search reads the narrow index of live roll
 * numbers, not the covering ones.
 */
const studentsCount = compiledQuery((db, bind: Bind<FilterValues>, shape: FilterShape) =>
  filteredStudents(db, shape, bind).select((eb) => eb.fn.countAll<number | string>().as('count')),
);

export function countOfStudents(db: Executor, shape: FilterShape, values: FilterValues) {
  return studentsCount.run(db, shape, values);
}

/** The guardians of the students `ids`, by student and then in their order. */
export function guardiansOfStudents(db: Executor, ids: readonly number[]): Promise<GuardianRow[]> {
  return db
    .selectFrom('student_guardians')
    .selectAll()
    .where('student_id', 'in', [...new Set(ids)])
    .orderBy('student_id')
    .orderBy('position')
    .execute();
}

export function findLiveStudent(db: Executor, id: number): Promise<StudentRow | undefined> {
  return db
    .selectFrom('students')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A student, in the bin or not. */
export function findStudentOrThrow(db: Executor, id: number): Promise<StudentRow> {
  return db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function insertStudent(trx: Executor, row: NewStudentRow): Promise<StudentRow> {
  return trx.insertInto('students').values(row).returningAll().executeTakeFirstOrThrow();
}

const insertedKeys = {
  name: true,
  email: true,
  roll_number: true,
  standard_id: true,
  phone_number: true,
  address: true,
  admission_number: true,
  date_of_birth: true,
  status: true,
  left_on: true,
  guardian_search: true,
  guardians_json: true,
  created_at: true,
  updated_at: true,
} as const;

/** The columns a new student's row is written with. */
export type NewStudentRow = Required<Pick<Insertable<StudentsTable>, keyof typeof insertedKeys>>;

/**
 * The insert of `count` students, compiled once per count like every query a request runs
 * (decision 0018).
 */
const multiRowInsert = compiledQuery(
  (db, bind: Bind<readonly NewStudentRow[]>, shape: QueryShape & { count: number }) =>
    db.insertInto('students').values(bind.rows(shape.count, insertedKeys)).returningAll(),
);

/** Students as one multi-row insert, answering their rows. */
export function insertStudentsAtOnce(
  trx: Executor,
  dialect: Dialect,
  rows: readonly NewStudentRow[],
): Promise<StudentRow[]> {
  return multiRowInsert.run(trx, { dialect, count: rows.length }, rows);
}

export async function deleteGuardiansOfStudent(db: Executor, studentId: number): Promise<void> {
  await db.deleteFrom('student_guardians').where('student_id', '=', studentId).execute();
}

export async function insertGuardianRows(
  db: Executor,
  rows: readonly Insertable<StudentGuardiansTable>[],
): Promise<void> {
  await db.insertInto('student_guardians').values(rows).execute();
}

/**
 * The live active students of `standardIds` holding one of `rollNumbers`; locked for update
 * (PostgreSQL) until the transaction ends when `forUpdate`.
 */
export function activeStudentsByRollNumber(
  db: Executor,
  forUpdate: boolean,
  standardIds: readonly number[],
  rollNumbers: readonly string[],
): Promise<StudentRow[]> {
  const select = db
    .selectFrom('students')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where('status', '=', 'active')
    .where('standard_id', 'in', standardIds)
    .where('roll_number', 'in', rollNumbers);
  return (forUpdate ? select.forUpdate() : select).execute();
}

export function insertStudentRows(
  trx: Executor,
  rows: readonly Insertable<StudentsTable>[],
): Promise<StudentRow[]> {
  return trx.insertInto('students').values(rows).returningAll().execute();
}

/** The live students among `ids`, locked for update on PostgreSQL until the transaction ends. */
export function lockLiveStudents(trx: Executor, dialect: Dialect, ids: readonly number[]) {
  return inChunks(ids, (chunk) => {
    const select = trx
      .selectFrom('students')
      .selectAll()
      .where('id', 'in', chunk)
      .where('deleted_at', 'is', null);
    return (dialect === 'postgres' ? select.forUpdate() : select).execute();
  });
}

/** Writes `set` to the students of `ids`, each a new version; the rows as they are after. */
export function updateEach(
  trx: Executor,
  ids: readonly number[],
  set: Updateable<StudentsTable>,
): Promise<StudentRow[]> {
  return inChunks(ids, (chunk) =>
    trx
      .updateTable('students')
      .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
      .where('id', 'in', chunk)
      .returningAll()
      .execute(),
  );
}

/** The active, live students of a standard (none for one not created yet). */
export function activeStudentsOfStandard(trx: Executor, standardId: number | null) {
  if (standardId === null) return Promise.resolve([] as StudentRow[]);
  return trx
    .selectFrom('students')
    .selectAll()
    .where('standard_id', '=', standardId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'active')
    .execute();
}

/**
 * Sets aside the roll numbers of `ids` (a text no roll number the API accepts can be, unique
 * per student), so that numbers can then be handed round among them without two active students
 * of a standard holding one number in between. The version is not changed: the write that
 * follows in the same transaction is the change.
 */
export async function setRollNumbersAside(trx: Executor, ids: readonly number[]) {
  await inChunks(ids, async (chunk) => {
    await trx
      .updateTable('students')
      .set({ roll_number: sql<string>`${'\n'} || cast(id as text)` })
      .where('id', 'in', chunk)
      .execute();
    return [];
  });
}

/** Every live active student of a standard holding one of `rollNumbers`. */
export function activeRollNumbersTaken(
  trx: Executor,
  standardId: number,
  rollNumbers: readonly string[],
): Promise<{ id: number; roll_number: string }[]> {
  return trx
    .selectFrom('students')
    .select(['id', 'roll_number'])
    .where('standard_id', '=', standardId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'active')
    .where('roll_number', 'in', rollNumbers)
    .execute();
}

/** A roll number, without a new version: for a student the same write already changed. */
export function setRollNumber(trx: Executor, id: number, rollNumber: string): Promise<StudentRow> {
  return trx
    .updateTable('students')
    .set({ roll_number: rollNumber })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A roll number, as a new version of the student. */
export function renumberStudent(
  trx: Executor,
  id: number,
  rollNumber: string,
  now: string,
): Promise<StudentRow> {
  return trx
    .updateTable('students')
    .set((eb) => ({ roll_number: rollNumber, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The active students of `standardIds`, locked for update on PostgreSQL. */
export function lockActiveStudents(
  trx: Executor,
  dialect: Dialect,
  standardIds: readonly number[],
) {
  return inChunks(standardIds, (chunk) => {
    const select = trx
      .selectFrom('students')
      .selectAll()
      .where('standard_id', 'in', chunk)
      .where('deleted_at', 'is', null)
      .where('status', '=', 'active')
      .orderBy('roll_sort')
      .orderBy('id');
    return (dialect === 'postgres' ? select.forUpdate() : select).execute();
  });
}

/** The students a batch touched, locked for update on PostgreSQL until the transaction ends. */
export function lockStudents(db: Executor, dialect: Dialect, ids: readonly number[]) {
  return inChunks(ids, (chunk) => {
    const select = db.selectFrom('students').selectAll().where('id', 'in', chunk);
    return (dialect === 'postgres' ? select.forUpdate() : select).execute();
  });
}

/** Moves the students of `ids` to the bin, each a new version. */
export function moveStudentsToBin(
  trx: Executor,
  ids: readonly number[],
  now: string,
  actorId: number,
): Promise<StudentRow[]> {
  return inChunks(ids, (chunk) =>
    trx
      .updateTable('students')
      .set((eb) => ({ deleted_at: now, deleted_by: actorId, version: eb('version', '+', 1) }))
      .where('id', 'in', chunk)
      .returningAll()
      .execute(),
  );
}

/** Puts the students of `ids` back from the bin, each a new version. */
export function restoreStudentsFromBin(
  trx: Executor,
  ids: readonly number[],
): Promise<StudentRow[]> {
  return inChunks(ids, (chunk) =>
    trx
      .updateTable('students')
      .set((eb) => ({ deleted_at: null, deleted_by: null, version: eb('version', '+', 1) }))
      .where('id', 'in', chunk)
      .returningAll()
      .execute(),
  );
}

/**
 * Writes `values` to a student still at the version of `before`, live or in the bin, as a new
 * version: an undo's way back.
 */
export function revertStudentAtVersion(
  trx: Executor,
  before: Pick<StudentRow, 'id' | 'version'>,
  values: Updateable<StudentsTable>,
  now: string,
): Promise<StudentRow> {
  return trx
    .updateTable('students')
    .set((eb) => ({ ...values, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', before.id)
    .where('version', '=', before.version)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The active students of `ids` in the bin whose roll number a live active student of their standard holds. */
export function binnedStudentsWithRollNumberTaken(
  trx: Executor,
  ids: readonly number[],
): Promise<{ id: number }[]> {
  return inChunks(ids, (chunk) =>
    trx
      .selectFrom('students as binned')
      .innerJoin('students as live', (join) =>
        join
          .onRef('live.standard_id', '=', 'binned.standard_id')
          .onRef('live.roll_number', '=', 'binned.roll_number'),
      )
      .select('binned.id')
      .where('binned.id', 'in', chunk)
      .where('binned.status', '=', 'active')
      .where('live.deleted_at', 'is', null)
      .where('live.status', '=', 'active')
      .execute(),
  );
}

/** The students of `ids` whose standard is in the bin. */
export function studentsOfBinnedStandards(
  trx: Executor,
  ids: readonly number[],
): Promise<{ id: number }[]> {
  return inChunks(ids, (chunk) =>
    trx
      .selectFrom('students')
      .innerJoin('standards', 'standards.id', 'students.standard_id')
      .select('students.id')
      .where('students.id', 'in', chunk)
      .where('standards.deleted_at', 'is not', null)
      .execute(),
  );
}

/**
 * The words of a bin search, each of which an entry must hold in its name, or a student in its
 * roll number or its standard's name, without regard to case (as SQLite's lower() folds it).
 */
function holdsEveryWord(dialect: Dialect, words: string) {
  const columns = ['bin.name', 'bin.roll_number', 'standard.name'] as const;
  const missing = sql.join(
    columns.map((column) =>
      dialect === 'sqlite'
        ? sql`coalesce(instr(lower(${sql.ref(column)}), lower(word.value)), 0) = 0`
        : sql`coalesce(strpos(lower(${sql.ref(column)}), lower(word.value)), 0) = 0`,
    ),
    sql` and `,
  );
  const list =
    dialect === 'sqlite'
      ? sql`json_each(${words}) as word`
      : sql`jsonb_array_elements_text(cast(${words} as jsonb)) as word(value)`;
  return sql<SqlBool>`not exists (select 1 from ${list} where ${missing})`;
}

/**
 * A page of the bin, students and standards newest first, each student with its roll number and
 * its standard's name, and who deleted each; every entry holding each of `words` when there are
 * any.
 */
export function binRows(
  db: Executor,
  dialect: Dialect,
  words: readonly string[],
  after: readonly [string, 'student' | 'standard', number] | undefined,
  limit: number,
) {
  let select = db
    .selectFrom((eb) =>
      eb
        .selectFrom('students')
        .select([
          sql<'student' | 'standard'>`'student'`.as('entity'),
          'id',
          'name',
          'deleted_at',
          'deleted_by',
          sql<string | null>`${sql.ref('roll_number')}`.as('roll_number'),
          sql<number | null>`${sql.ref('standard_id')}`.as('standard_id'),
        ])
        .where('deleted_at', 'is not', null)
        .unionAll(
          eb
            .selectFrom('standards')
            .select([
              sql<'student' | 'standard'>`'standard'`.as('entity'),
              'id',
              'name',
              'deleted_at',
              'deleted_by',
              sql<string | null>`null`.as('roll_number'),
              sql<number | null>`null`.as('standard_id'),
            ])
            .where('deleted_at', 'is not', null),
        )
        .as('bin'),
    )
    .leftJoin('users', 'users.id', 'bin.deleted_by')
    .leftJoin('standards as standard', 'standard.id', 'bin.standard_id')
    .select([
      'bin.entity',
      'bin.id',
      'bin.name',
      'bin.deleted_at',
      'bin.deleted_by',
      'bin.roll_number',
      'bin.standard_id',
      'standard.name as standard_name',
      'users.name as user_name',
      'users.email as user_email',
    ]);
  if (words.length > 0) select = select.where(holdsEveryWord(dialect, JSON.stringify(words)));
  if (after) {
    select = select.where((eb) =>
      eb(
        eb.refTuple('bin.deleted_at', 'bin.entity', 'bin.id'),
        '<',
        eb.tuple(after[0], after[1], after[2]),
      ),
    );
  }
  return select
    .orderBy('bin.deleted_at', 'desc')
    .orderBy('bin.entity', 'desc')
    .orderBy('bin.id', 'desc')
    .limit(limit)
    .execute();
}

export function purgeStudentsBinnedBefore(
  trx: Executor,
  cutoff: string,
): Promise<{ id: number }[]> {
  return trx
    .deleteFrom('students')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', cutoff)
    .returning('id')
    .execute();
}

export function deleteBinnedStudent(
  trx: Executor,
  id: number,
): Promise<{ id: number } | undefined> {
  return trx
    .deleteFrom('students')
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
}

/** Whether the student `id` is there, live or in the bin. */
export async function studentExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('students').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * The first `named` students by name that each of `batchIds` touched, found by their history
 * events; a student purged since is left out.
 */
export function firstStudentsOfBatches(db: Executor, batchIds: readonly string[], named: number) {
  const touched = db
    .selectFrom('history_events')
    .select(['import_id', 'entity_id'])
    .distinct()
    .where('entity', '=', 'student')
    .where('import_id', 'in', batchIds);
  return db
    .selectFrom(
      db
        .selectFrom(touched.as('touched'))
        .innerJoin('students', 'students.id', 'touched.entity_id')
        .select([
          'touched.import_id',
          'students.id',
          'students.name',
          sql<number>`row_number() over (partition by touched.import_id order by students.name, students.id)`.as(
            'place',
          ),
        ])
        .as('ranked'),
    )
    .selectAll()
    .where('ranked.place', '<=', named)
    .orderBy('ranked.place')
    .execute();
}

const studentColumns = [
  'students.id',
  'students.sourced_id',
  'students.name',
  'students.email',
  'students.phone_number',
  'students.admission_number',
  'students.date_of_birth',
  'students.status',
  'students.updated_at',
  'students.standard_id',
  'students.deleted_at',
  'standards.sourced_id as standard_sourced_id',
  'standards.grade_level',
  'standards.deleted_at as standard_deleted_at',
] as const;

/** Every live student (leavers and graduates too), with their standard's id and grade. */
export function liveStudentsWithStandard(db: Executor) {
  return db
    .selectFrom('students')
    .innerJoin('standards', 'standards.id', 'students.standard_id')
    .select(studentColumns)
    .select(lastEventAt('student', 'students.id').as('last_event_at'))
    .where('students.deleted_at', 'is', null)
    .orderBy('students.id')
    .execute();
}

/** Students of `ids` whatever their state, the bin's included. */
export function studentsWithStandardInAnyState(db: Executor, ids: readonly number[]) {
  return inChunks(ids, (chunk) =>
    db
      .selectFrom('students')
      .innerJoin('standards', 'standards.id', 'students.standard_id')
      .select(studentColumns)
      .select(lastEventAt('student', 'students.id').as('last_event_at'))
      .where('students.id', 'in', chunk)
      .execute(),
  );
}

/** The guardians of live students, with their sourcedId and when they last changed. */
export function guardiansOfLiveStudents(db: Executor) {
  return db
    .selectFrom('student_guardians')
    .innerJoin('students', 'students.id', 'student_guardians.student_id')
    .innerJoin('oneroster_guardians', (join) =>
      join
        .onRef('oneroster_guardians.student_id', '=', 'student_guardians.student_id')
        .on(sql<boolean>`oneroster_guardians.name_key = lower(trim(student_guardians.name))`),
    )
    .select([
      'student_guardians.student_id',
      'student_guardians.position',
      'student_guardians.name',
      'student_guardians.relation',
      'student_guardians.phone',
      'student_guardians.email',
      'oneroster_guardians.sourced_id',
      'oneroster_guardians.changed_at',
    ])
    .where('students.deleted_at', 'is', null)
    .orderBy('student_guardians.student_id')
    .orderBy('student_guardians.position')
    .execute();
}

/** How many students, live or not, each standard holds. */
export function studentCountsByStandard(
  db: Executor,
): Promise<{ standard_id: number; count: number }[]> {
  return db
    .selectFrom('students')
    .select((eb) => ['standard_id', eb.fn.countAll<number>().as('count')])
    .groupBy('standard_id')
    .execute();
}

/** Inserts those of `rows` whose roll number no live active student of their standard holds. */
export function insertStudentsUnlessRollNumberTaken(
  trx: Executor,
  rows: readonly Insertable<StudentsTable>[],
): Promise<{ id: number; standard_id: number; roll_number: string }[]> {
  return trx
    .insertInto('students')
    .values(rows)
    .onConflict((oc) =>
      // The unique index counts live students only, so the conflict target names its predicate.
      oc
        .columns(['standard_id', 'roll_number'])
        .where('deleted_at', 'is', null)
        // SQLite matches the index by its predicate's text: a bound value would not match it.
        .where(sql.ref('status'), '=', sql.lit('active'))
        .doNothing(),
    )
    .returning(['id', 'standard_id', 'roll_number'])
    .execute();
}

/** A student's versioned steps: lock, update at a version, bin and restore. */
export const studentRows = versionedRows('students');
