import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  appTexts,
  problemTexts,
  type Student,
  type StudentList,
  type StudentSort,
  type StudentValues,
} from '@um/contract';
import {
  isForeignKeyViolation,
  isUniqueViolation,
  nowIso,
  type Db,
  type Dialect,
  type Executor,
} from '../db/database.js';
import { cutJsonPage, jsonItem, type JsonItemColumn } from '../db/json-page.js';
import { preparedQuery, preparedRowsQuery } from '../db/prepared-query.js';
import type { StudentRow } from '../db/schema.js';
import type { WrittenJson } from '../http/written-json.js';
import { cursorParts, decodeCursor, writtenJsonList, toPage } from '../http/keyset.js';
import { badRequest, conflict, editConflict, notFound } from '../http/problem.js';
import { recordChanges, type Change } from '../history/events.js';

export const studentNotFound = () => notFound(problemTexts.studentNotFound);

function toStudent(row: Omit<StudentRow, 'deleted_at' | 'deleted_by'>): Student {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roll_number: row.roll_number,
    standard: row.standard_id,
    phone_number: row.phone_number,
    address: row.address,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

/** The fields a person edits, as history records them. */
function historyFields(row: StudentRow) {
  return {
    name: row.name,
    email: row.email,
    roll_number: row.roll_number,
    standard: row.standard_id,
    phone_number: row.phone_number,
    address: row.address,
  };
}

export const studentChange = (
  actorId: number,
  action: Change['action'],
  before: StudentRow | null,
  after: StudentRow | null,
): Change => ({
  actorId,
  entity: 'student',
  entityId: (after ?? before)?.id ?? 0,
  action,
  before: before && historyFields(before),
  after: after && historyFields(after),
});

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
 * direction, so that every order is one index read, forwards or backwards (migrations 0010
 * and 0014).
 */
const sortOrders = {
  name: { column: 'name', direction: 'asc' },
  '-name': { column: 'name', direction: 'desc' },
  roll_number: { column: 'roll_number', direction: 'asc' },
  '-roll_number': { column: 'roll_number', direction: 'desc' },
} as const satisfies Record<
  StudentSort,
  { column: 'name' | 'roll_number'; direction: 'asc' | 'desc' }
>;

/**
 * A page's cursor is the sort key of its last row. The name order's is [name, id], as it was
 * before the list had other orders, so that cursors handed out then still work; the others
 * name their order first ([sort, key, id]), so that a cursor of one order is refused in
 * another instead of being read as a key it is not.
 */
const cursorSchemas: Record<StudentSort, z.ZodType<readonly [string, number]>> = {
  name: z.tuple([cursorParts.text, cursorParts.id]),
  '-name': otherOrderCursor('-name'),
  roll_number: otherOrderCursor('roll_number'),
  '-roll_number': otherOrderCursor('-roll_number'),
};

function otherOrderCursor(sort: Exclude<StudentSort, 'name'>) {
  return z
    .tuple([z.literal(sort), cursorParts.text, cursorParts.id])
    .transform(([, key, id]) => [key, id] as const);
}

const cursorKey = (sort: StudentSort, key: string, id: number) =>
  sort === 'name' ? [key, id] : [sort, key, id];

type SearchKind = 'none' | 'columns' | 'trigrams';

/**
 * The words of a search, each of which a student must hold, in any order. The longest leads:
 * it is the likeliest to be rare, so the trigram lookup and the pg_trgm indexes find the
 * fewest rows by it; the other words are checked on the rows it finds.
 */
function searchOf(text: string | undefined) {
  const words = [...new Set((text ?? '').split(/\s+/u).filter((word) => word !== ''))];
  const lead = words.reduce(
    (longest, word) => ([...word].length > [...longest].length ? word : longest),
    '',
  );
  const kind: SearchKind =
    words.length === 0 ? 'none' : [...lead].length >= TRIGRAM_LENGTH ? 'trigrams' : 'columns';
  const lowered = [...sqliteLower(lead)];
  return {
    kind,
    more: words.length > 1,
    values: {
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
}

export interface StudentListQuery extends StudentFilters {
  sort?: StudentSort | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** Every value the filters may bind; each shape reads the ones it needs. */
interface FilterValues {
  standard: number;
  /** LIKE pattern of the leading search word. */
  pattern: string;
  /** The leading word as SQLite's lower() folds it, and its first and last trigram. */
  lowered: string;
  firstTrigram: string;
  lastTrigram: string;
  /** The other search words, as a JSON array. */
  others: string;
}

interface ListValues extends FilterValues {
  afterKey: string;
  afterId: number;
  limit: number;
}

interface FilterShape {
  dialect: Dialect;
  byStandard: boolean;
  search: SearchKind;
  /** Whether the search holds more words than the leading one. */
  more: boolean;
}

interface ListShape extends FilterShape {
  after: boolean;
  sort: StudentSort;
}

const studentColumns = [
  'students.id',
  'students.name',
  'students.email',
  'students.roll_number',
  'students.standard_id',
  'students.phone_number',
  'students.address',
  'students.created_at',
  'students.updated_at',
  'students.version',
] as const;

const searchedColumns = ['name', 'email', 'roll_number'] as const;

/** The leading word in a searched column, by LIKE without regard to case. */
const matchesColumns = (values: FilterValues) =>
  sql<SqlBool>`(${sql.join(
    searchedColumns.map(
      (column) =>
        sql`lower(${sql.ref(`students.${column}`)}) like lower(${values.pattern}) escape '\\'`,
    ),
    sql` or `,
  )})`;

/** The leading word, folded as the trigram table is, in a searched column. */
const containsLowered = (values: FilterValues) =>
  sql<SqlBool>`(${sql.join(
    searchedColumns.map(
      (column) => sql`instr(lower(${sql.ref(`students.${column}`)}), ${values.lowered}) > 0`,
    ),
    sql` or `,
  )})`;

/** Every other search word in some searched column: no word that none of them holds. */
function matchesOthers(dialect: Dialect, values: FilterValues) {
  const missing = sql.join(
    searchedColumns.map((column) =>
      dialect === 'sqlite'
        ? sql`instr(lower(${sql.ref(`students.${column}`)}), lower(word.value)) = 0`
        : sql`strpos(lower(${sql.ref(`students.${column}`)}), lower(word.value)) = 0`,
    ),
    sql` and `,
  );
  const words =
    dialect === 'sqlite'
      ? sql`json_each(${values.others}) as word`
      : sql`jsonb_array_elements_text(cast(${values.others} as jsonb)) as word(value)`;
  return sql<SqlBool>`not exists (select 1 from ${words} where ${missing})`;
}

/**
 * The trigram table's rows (migration 0009) holding both the first and the last trigram of the
 * leading word, in name order: a walk of the first trigram's rows with a probe into the same
 * index for the last.
 */
function trigramWalk(db: Executor, values: FilterValues) {
  return db
    .selectFrom('student_trigrams as hit')
    .where('hit.trigram', '=', values.firstTrigram)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('student_trigrams as also')
          .select('also.id')
          .where('also.trigram', '=', values.lastTrigram)
          .whereRef('also.name', '=', 'hit.name')
          .whereRef('also.id', '=', 'hit.id'),
      ),
    );
}

/** The live students the filters let through, as the list and the count both read them. */
function filteredStudents(db: Executor, shape: FilterShape, values: FilterValues) {
  let filtered = db.selectFrom('students').where('students.deleted_at', 'is', null);
  if (shape.byStandard) filtered = filtered.where('students.standard_id', '=', values.standard);
  if (shape.search === 'trigrams' && shape.dialect === 'sqlite') {
    filtered = filtered
      .where('students.id', 'in', trigramWalk(db, values).select('hit.id'))
      .where(containsLowered(values));
  } else if (shape.search !== 'none') {
    filtered = filtered.where(matchesColumns(values));
  }
  if (shape.more) filtered = filtered.where(matchesOthers(shape.dialect, values));
  return filtered;
}

/**
 * The student list in one of its shapes (an order, a standard or not, a search or not, a first
 * page or not), compiled once per shape. Each reads the page's rows in the list's order from
 * an index and stops at the page's end, so a page costs the same at row 10 and at row 100 000:
 *
 * - no search: the covering indexes of migrations 0010 and 0014 hold every column in each
 *   order, so the page is read from one index, forwards or backwards, without a lookup per row
 *   (on SQLite a standard by roll number walks its unique index of live roll numbers, and looks
 *   each row up by rowid);
 * - a search by name order whose leading word has three characters or more, on SQLite: the
 *   trigram table of migration 0009 is keyed by (trigram, name, id), so the students holding
 *   the word's first trigram come out already in name order; each is checked for its last
 *   trigram in the same index, then against the words themselves, and the walk stops once the
 *   page is full. Matching everything and then sorting, as the FTS5 index did, cost in
 *   proportion to how many students match;
 * - such a search by roll number on SQLite, and any such search on PostgreSQL: the trigram
 *   table or the pg_trgm indexes find the matches and only their keys are sorted (decision
 *   0025). PostgreSQL's planner guesses how many students a substring matches, and when it
 *   guesses "many" it walks the order's index hoping to fill a page early: for a name that
 *   sorts late or matches nobody that read all 100 000 rows (0.1-0.3 s, found with EXPLAIN
 *   ANALYZE);
 * - shorter words compare the columns, lower-cased on both sides (PostgreSQL's LIKE is
 *   case-sensitive), walking the order's index until the page is full.
 */
function listRows<Row>(
  db: Executor,
  shape: ListShape,
  values: ListValues,
  selection: readonly StudentSelection[],
) {
  const { column, direction } = sortOrders[shape.sort];
  const beyond = direction === 'asc' ? '>' : '<';
  if (shape.search === 'trigrams' && shape.dialect === 'sqlite' && column === 'name') {
    let select = trigramWalk(db, values)
      .innerJoin('students', 'students.id', 'hit.id')
      .select(selection)
      .where('students.deleted_at', 'is', null)
      .where(containsLowered(values));
    if (shape.byStandard) select = select.where('students.standard_id', '=', values.standard);
    if (shape.more) select = select.where(matchesOthers(shape.dialect, values));
    if (shape.after) {
      select = select.where(({ eb, refTuple, tuple }) =>
        eb(refTuple('hit.name', 'hit.id'), beyond, tuple(values.afterKey, values.afterId)),
      );
    }
    return select
      .orderBy('hit.name', direction)
      .orderBy('hit.id', direction)
      .limit(values.limit)
      .$castTo<Row>();
  }

  let filtered = filteredStudents(db, shape, values);
  if (shape.after) {
    filtered = filtered.where(({ eb, refTuple, tuple }) =>
      eb(
        refTuple(`students.${column}`, 'students.id'),
        beyond,
        tuple(values.afterKey, values.afterId),
      ),
    );
  }

  if (shape.search === 'trigrams') {
    return db
      .with(
        (cte) => cte('matches').materialized(),
        () => filtered.select((eb) => ['students.id', eb.ref(`students.${column}`).as('sort_key')]),
      )
      .selectFrom('students')
      .select(selection)
      .where('students.id', 'in', (qb) =>
        qb
          .selectFrom('matches')
          .select('matches.id')
          .orderBy('matches.sort_key', direction)
          .orderBy('matches.id', direction)
          .limit(values.limit),
      )
      .orderBy(`students.${column}`, direction)
      .orderBy('students.id', direction)
      .$castTo<Row>();
  }
  return filtered
    .select(selection)
    .orderBy(`students.${column}`, direction)
    .orderBy('students.id', direction)
    .limit(values.limit)
    .$castTo<Row>();
}

type StudentPageRow = Omit<StudentRow, 'deleted_at' | 'deleted_by'>;

/** A student of the API, written by the database from the row of a page. */
const studentJson = jsonItem<Student, StudentPageRow>('students', (field) => ({
  id: field.value('id'),
  name: field.value('name'),
  email: field.value('email'),
  roll_number: field.value('roll_number'),
  standard: field.value('standard_id'),
  phone_number: field.value('phone_number'),
  address: field.value('address'),
  created_at: field.timestamp('created_at'),
  updated_at: field.timestamp('updated_at'),
  version: field.value('version'),
}));

/** What a page of students selects: the columns of its rows, or its items as JSON. */
type StudentSelection = (typeof studentColumns)[number] | JsonItemColumn;

const listQuery = (shape: ListShape) =>
  preparedQuery((db, values: ListValues) =>
    listRows<StudentPageRow>(db, shape, values, studentColumns),
  );

/** The same pages, each student written as the API's JSON by the database. */
const listJsonQuery = (shape: ListShape) => {
  const item = studentJson(shape.dialect);
  return preparedQuery((db, values: ListValues) =>
    listRows<{ item: string }>(db, shape, values, [item]),
  );
};

/**
 * How many live students the filters let through: the same reads as the list's, counted
 * instead of paged; on SQLite a count without a search reads the narrow index of live roll
 * numbers, not the covering ones.
 */
function countQuery(shape: FilterShape) {
  return preparedQuery((db, values: FilterValues) =>
    filteredStudents(db, shape, values).select((eb) =>
      eb.fn.countAll<number | string>().as('count'),
    ),
  );
}

/** Compiles a query once per shape and keeps it. */
function perShape<Shape, Query>(build: (shape: Shape) => Query): (shape: Shape) => Query {
  const queries = new Map<string, Query>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let query = queries.get(key);
    if (!query) queries.set(key, (query = build(shape)));
    return query;
  };
}

const listQueryOf = perShape(listQuery);
const listJsonQueryOf = perShape(listJsonQuery);
const countQueryOf = perShape(countQuery);

const noText = '';

function listShapeAndValues(dialect: Dialect, query: StudentListQuery) {
  const sort = query.sort ?? 'name';
  const after = decodeCursor(query.cursor, cursorSchemas[sort]);
  const search = searchOf(query.q);
  const shape: ListShape = {
    dialect,
    byStandard: query.standard !== undefined,
    search: search.kind,
    more: search.more,
    after: after !== undefined,
    sort,
  };
  const values: ListValues = {
    ...search.values,
    standard: query.standard ?? 0,
    afterKey: after?.[0] ?? noText,
    afterId: after?.[1] ?? 0,
    limit: query.limit + 1,
  };
  return { shape, values };
}

/** A page of students, as objects: for the export, which writes them out as CSV. */
export async function listStudents(db: Executor, dialect: Dialect, query: StudentListQuery) {
  const { shape, values } = listShapeAndValues(dialect, query);
  const rows = await listQueryOf(shape).execute(db, values);
  const { column } = sortOrders[shape.sort];
  const page = toPage(rows, query.limit, (row) => cursorKey(shape.sort, row[column], row.id));
  return { data: page.rows.map(toStudent), next_cursor: page.nextCursor };
}

/** A page of students as the API's JSON, written by the database. */
export async function listStudentsJson(
  db: Executor,
  dialect: Dialect,
  query: StudentListQuery,
): Promise<WrittenJson<StudentList>> {
  const { shape, values } = listShapeAndValues(dialect, query);
  const rows = await listJsonQueryOf(shape).execute(db, values);
  const { column } = sortOrders[shape.sort];
  return writtenJsonList(cutJsonPage(rows, query.limit), (student: Student) =>
    cursorKey(shape.sort, student[column], student.id),
  );
}

export async function countStudents(
  db: Executor,
  dialect: Dialect,
  filters: StudentFilters,
): Promise<number> {
  const search = searchOf(filters.q);
  const [row] = await countQueryOf({
    dialect,
    byStandard: filters.standard !== undefined,
    search: search.kind,
    more: search.more,
  }).execute(db, { ...search.values, standard: filters.standard ?? 0 });
  return Number(row?.count ?? 0);
}

export async function findStudent(db: Executor, id: number): Promise<Student | undefined> {
  const row = await db
    .selectFrom('students')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toStudent(row);
}

const standardMissing = () => {
  const message = 'The chosen standard does not exist.';
  return badRequest(message, { standard: [message] });
};

/**
 * The live standards among `ids`, locked (PostgreSQL) until the transaction ends so that none
 * of them goes to the bin while a student is being put in it: a standard's delete locks its row
 * for update before counting its live students. SQLite runs one write transaction at a time.
 */
async function lockLiveStandards(
  db: Executor,
  dialect: Dialect,
  ids: readonly number[],
): Promise<Set<number>> {
  const select = db
    .selectFrom('standards')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .where('deleted_at', 'is', null);
  const rows = await (dialect === 'postgres' ? select.forShare() : select).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Explains a refused write to the person filling the form. The constraints decide, not an
 * earlier lookup, so two people saving the same roll number at once cannot both succeed.
 */
async function explainConstraint(
  db: Executor,
  error: unknown,
  values: Pick<StudentValues, 'standard' | 'roll_number'>,
): Promise<never> {
  if (isForeignKeyViolation(error)) {
    throw badRequest(problemTexts.standardMissing, { standard: [problemTexts.standardMissing] });
  }
  if (isUniqueViolation(error)) {
    const standard = await db
      .selectFrom('standards')
      .select('name')
      .where('id', '=', values.standard)
      .executeTakeFirst();
    const message = problemTexts.rollNumberTaken(values.roll_number, standard?.name);
    throw conflict(message, { roll_number: [message] });
  }
  throw error;
}

function columns(values: StudentValues) {
  return {
    name: values.name,
    email: values.email,
    roll_number: values.roll_number,
    standard_id: values.standard,
    phone_number: values.phone_number,
    address: values.address,
  };
}

/** A student to add, and the staff member adding it (for its history). */
export interface NewStudent {
  values: StudentValues;
  actorId: number;
}

export async function createStudent(
  db: Db,
  dialect: Dialect,
  { values, actorId }: NewStudent,
): Promise<Student> {
  try {
    const row = await db.transaction().execute(async (trx) => {
      const live = await lockLiveStandards(trx, dialect, [values.standard]);
      if (!live.has(values.standard)) throw standardMissing();
      const inserted = await trx
        .insertInto('students')
        .values(insertedRow(values, nowIso()))
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordChanges(trx, [studentChange(actorId, 'create', null, inserted)]);
      return inserted;
    });
    return toStudent(row);
  } catch (error) {
    return explainConstraint(db, error, values);
  }
}

/** A student's key in its standard, which the unique constraint keeps to one row. */
const rollKey = (standard: number, rollNumber: string) => `${standard}\u0000${rollNumber}`;

/**
 * Adds students as one multi-row insert, one commit. Each input settles on its own: if the
 * insert is refused for a row's sake (a taken roll number, a missing standard, two inputs with
 * the same roll number), every student is then added alone, so each request gets the answer it
 * would have had on its own and the others are still added. Any other failure (the database
 * unavailable, a bug) fails the whole group with its own error. Not for use inside a
 * transaction: on PostgreSQL a refused statement ends it.
 */
export async function createStudents(
  db: Db,
  dialect: Dialect,
  inputs: readonly NewStudent[],
): Promise<PromiseSettledResult<Student>[]> {
  if (inputs.length > 1) {
    const now = nowIso();
    let rows: StudentRow[] | undefined;
    try {
      rows = await db.transaction().execute(async (trx) => {
        const standards = inputs.map(({ values }) => values.standard);
        const live = await lockLiveStandards(trx, dialect, standards);
        // A standard gone or in the bin: each input is then added alone, to get its own answer.
        if (standards.some((id) => !live.has(id))) return undefined;
        const inserted = await multiRowInsert(inputs.length).execute(
          trx,
          inputs.map(({ values }) => insertedRow(values, now)),
        );
        const byKey = new Map(
          inserted.map((row) => [rollKey(row.standard_id, row.roll_number), row]),
        );
        const created = inputs.map(({ values, actorId }) => {
          const row = byKey.get(rollKey(values.standard, values.roll_number));
          if (!row) throw new Error('The insert returned no row for a student.');
          return { row, actorId };
        });
        await recordChanges(
          trx,
          created.map(({ row, actorId }) => studentChange(actorId, 'create', null, row)),
        );
        return created.map(({ row }) => row);
      });
    } catch (error) {
      if (!isUniqueViolation(error) && !isForeignKeyViolation(error)) throw error;
    }
    if (rows) return rows.map((row) => ({ status: 'fulfilled', value: toStudent(row) }));
  }
  return Promise.allSettled(inputs.map((input) => createStudent(db, dialect, input)));
}

function insertedRow(values: StudentValues, now: string) {
  return { ...columns(values), created_at: now, updated_at: now };
}

type InsertedRow = ReturnType<typeof insertedRow>;

const insertedKeys = {
  name: true,
  email: true,
  roll_number: true,
  standard_id: true,
  phone_number: true,
  address: true,
  created_at: true,
  updated_at: true,
} as const;

const multiRowInserts = new Map<number, ReturnType<typeof multiRowInsertOf>>();

const multiRowInsertOf = (count: number) =>
  preparedRowsQuery(count, insertedKeys, (db, rows: InsertedRow[]) =>
    db.insertInto('students').values(rows).returningAll(),
  );

/**
 * The insert of `count` students, compiled once per count: building and compiling it for
 * every group was about a twentieth of a create's CPU (decision 0018).
 */
function multiRowInsert(count: number) {
  let query = multiRowInserts.get(count);
  if (!query) multiRowInserts.set(count, (query = multiRowInsertOf(count)));
  return query;
}

/**
 * The live student `id`, locked for update on PostgreSQL until the transaction ends, so that
 * the values a change starts from are the ones it replaces.
 */
async function lockLiveStudent(db: Executor, dialect: Dialect, id: number) {
  const select = db
    .selectFrom('students')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  return (dialect === 'postgres' ? select.forUpdate() : select).executeTakeFirst();
}

const studentEditConflict = (current: StudentRow) =>
  editConflict(appTexts.history.editConflict, toStudent(current));

export interface StudentChange {
  id: number;
  values: StudentValues;
  /** The version the client edited; without it the save replaces whatever is there. */
  version?: number | undefined;
  actorId: number;
}

/**
 * Replaces a student's fields. The update itself names the version it replaces, so of two saves
 * of one version only the first changes anything, also when they race; the other is an edit
 * conflict carrying the student as the first left it.
 */
export async function updateStudent(
  db: Db,
  dialect: Dialect,
  { id, values, version, actorId }: StudentChange,
): Promise<Student> {
  try {
    const row = await db.transaction().execute(async (trx) => {
      const before = await lockLiveStudent(trx, dialect, id);
      if (!before) throw studentNotFound();
      if (version !== undefined && before.version !== version) throw studentEditConflict(before);
      const live = await lockLiveStandards(trx, dialect, [values.standard]);
      if (!live.has(values.standard)) throw standardMissing();
      const after = await trx
        .updateTable('students')
        .set((eb) => ({
          ...columns(values),
          updated_at: nowIso(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', before.version)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!after) {
        const current = await lockLiveStudent(trx, dialect, id);
        throw current ? studentEditConflict(current) : studentNotFound();
      }
      await recordChanges(trx, [studentChange(actorId, 'update', before, after)]);
      return after;
    });
    return toStudent(row);
  } catch (error) {
    return explainConstraint(db, error, values);
  }
}

/** Moves a live student to the bin; its history and its id stay. */
export async function deleteStudent(db: Db, id: number, actorId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('students')
      .set((eb) => ({ deleted_at: nowIso(), deleted_by: actorId, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw studentNotFound();
    await recordChanges(trx, [studentChange(actorId, 'delete', row, null)]);
  });
}

/**
 * Puts a student in the bin back, with its id. Refused, naming the field, when its roll number
 * has been taken in its standard meanwhile (the live-students unique index decides) or when its
 * standard is itself in the bin or gone.
 */
export async function restoreStudent(
  db: Db,
  dialect: Dialect,
  id: number,
  actorId: number,
): Promise<Student> {
  let restored: StudentRow | undefined;
  try {
    restored = await db.transaction().execute(async (trx) => {
      const select = trx
        .selectFrom('students')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is not', null);
      const binned = await (
        dialect === 'postgres' ? select.forUpdate() : select
      ).executeTakeFirst();
      if (!binned) throw notFound(appTexts.history.notInBin);
      const live = await lockLiveStandards(trx, dialect, [binned.standard_id]);
      if (!live.has(binned.standard_id)) {
        const standard = await trx
          .selectFrom('standards')
          .select('name')
          .where('id', '=', binned.standard_id)
          .executeTakeFirst();
        const message = standard
          ? appTexts.history.standardInBin(standard.name)
          : appTexts.history.standardGone;
        throw conflict(message, { standard: [message] });
      }
      const row = await trx
        .updateTable('students')
        .set((eb) => ({ deleted_at: null, deleted_by: null, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordChanges(trx, [studentChange(actorId, 'restore', null, row)]);
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const binned = await db
      .selectFrom('students')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return explainConstraint(db, error, {
      standard: binned.standard_id,
      roll_number: binned.roll_number,
    });
  }
  return toStudent(restored);
}
