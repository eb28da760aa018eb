import { randomUUID } from 'node:crypto';
import {
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_NEW_STANDARDS,
  fieldTexts,
  guardianCsvColumns,
  importTexts,
  parentCsvColumns,
  parentRelations,
  currentAcademicYear,
  readImportDate,
  standardNameKey,
  standardNameSchema,
  studentInputSchema,
  type Guardian,
  type ImportDateFormat,
  type ImportError,
  type ImportNewStandard,
  type ImportResult,
  type ImportCsvColumn,
  type StudentValues,
} from '@um/contract';
import type { Db, Dialect, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { nowIso } from '../../db/time.js';
import type { StudentRow } from '../../db/schema.js';
import { recordChanges } from '../../records/change-log.js';
import { liveStandardsNewestYearFirst } from '../../repositories/standards.js';
import {
  activeStudentsByRollNumber,
  insertStudentRows,
  studentRows,
} from '../../repositories/students.js';
import { conflict } from '../../http/problem.js';
import { guardiansOf, studentChange } from '../record/presenter.js';
import { columns, guardianColumns, insertGuardians } from '../record/writes.js';
import type { CsvRow } from './csv.js';
import { timeSlices } from './time-slices.js';
import { recordBatch } from '../../records/batches.js';
import { addStandardsOfBatch } from '../../records/standards-of-batches.js';

/** Rows per insert, and roll numbers per lookup: well under either database's bound values. */
const ROWS_PER_STATEMENT = 500;

const rollKey = (standard: number, rollNumber: string) => `${standard}\u0000${rollNumber}`;

/** The fields an import changes on a student it finds by standard and roll number. */
const UPDATABLE = ['name', 'phone_number', 'address'] as const;

/**
 * The fields it changes only when the file has their column: a file from before they existed,
 * or without e-mail addresses now that a student may have none, leaves them as they are.
 */
const UPDATABLE_WHEN_GIVEN = ['email', 'admission_number', 'date_of_birth', 'status'] as const;

/** Where a row's guardians come from: the guardian_ columns, or a parent's. */
type GuardianSource = 'guardian' | keyof typeof parentCsvColumns;

/** The columns of each source of a guardian, by the guardian's field each fills. */
const guardianSources: Record<GuardianSource, Partial<Record<string, ImportCsvColumn>>> = {
  guardian: guardianCsvColumns,
  ...parentCsvColumns,
};

/**
 * A row's guardians, each from the columns of one source that hold anything: the guardian_
 * columns first, then the father's, then the mother's, the first of them the primary contact.
 * A parent's guardian has its relation from its columns.
 */
function rowGuardians(cells: CsvRow['cells']) {
  const found: { source: GuardianSource; guardian: Record<string, unknown> }[] = [];
  for (const [source, columnsOf] of Object.entries(guardianSources) as [
    GuardianSource,
    Partial<Record<string, ImportCsvColumn>>,
  ][]) {
    const fields = Object.entries(columnsOf).map(
      ([field, column]) => [field, (column && cells[column]?.trim()) ?? ''] as const,
    );
    if (fields.every(([, value]) => value === '')) continue;
    const relation = source === 'guardian' ? {} : { relation: parentRelations[source] };
    found.push({
      source,
      guardian: { ...Object.fromEntries(fields), ...relation, primary: found.length === 0 },
    });
  }
  return found;
}

/**
 * A row's cells as the student's fields: its guardians as `rowGuardians` reads them, and a
 * student who left or graduated left on the day of the import unless they had already. The
 * date of birth comes already read in the file's date format.
 */
function studentFields(
  cells: CsvRow['cells'],
  standard: number,
  today: string,
  dateOfBirth: string | undefined,
) {
  const status = cells.status?.trim().toLowerCase() || undefined;
  return {
    name: cells.name,
    email: cells.email,
    roll_number: cells.roll_number,
    standard,
    phone_number: cells.phone_number,
    address: cells.address,
    admission_number: cells.admission_number,
    date_of_birth: dateOfBirth,
    status,
    left_on: status === 'left' || status === 'graduated' ? today : undefined,
    guardians: rowGuardians(cells).map(({ guardian }) => guardian),
  };
}

/** The column of the file a refused field came from; `sources` are the row's guardians'. */
function columnOf(path: readonly PropertyKey[], sources: readonly GuardianSource[]): string {
  const [field, index, guardianField] = path.map(String);
  if (field === 'guardians') {
    const columnsOf = guardianSources[sources[Number(index)] ?? 'guardian'];
    return columnsOf[guardianField ?? 'name'] ?? columnsOf.name ?? 'guardian_name';
  }
  if (field === 'left_on') return 'status';
  return field ?? 'row';
}

/**
 * The wrong cells of a file: the first IMPORT_MAX_ERRORS of them, and how many there are, so
 * that a file of 20,000 wrong rows makes an answer of a bounded size.
 */
class ErrorList {
  readonly listed: ImportError[] = [];
  readonly rows = new Set<number>();
  count = 0;
  add(error: ImportError): void {
    this.count += 1;
    this.rows.add(error.row);
    if (this.listed.length < IMPORT_MAX_ERRORS) this.listed.push(error);
  }
}

/** An update of an import: the student before, and what the row changes of it. */
interface Update {
  before: StudentRow;
  values: Partial<ReturnType<typeof columns>>;
  /** The guardian the row gives a student who had none. */
  guardians?: readonly Guardian[];
}

interface Plan {
  total: number;
  errors: ErrorList;
  missingStandards: string[];
  creates: StudentValues[];
  updates: Update[];
  unchanged: number;
}

/**
 * A standard of a row, or why there is none; `missing` is a name that no standard has and that
 * a standard could have, which the import can create.
 */
type StandardLookup = (cell: string) => { id: number } | { error: string; missing?: string };

/**
 * The live standards, found by name (as `standardNameKey` compares names) or by id, and the names of `planned`
 * standards a dry run was asked to create, under ids no standard has (below zero). On
 * PostgreSQL the standards stay locked until the transaction ends, so none goes to the bin
 * while students are put in it.
 */
async function standardLookup(
  db: Executor,
  dialect: Dialect,
  lock: boolean,
  planned: readonly ImportNewStandard[],
): Promise<StandardLookup> {
  const standards = await liveStandardsNewestYearFirst(db, lock && dialect === 'postgres');
  // After a year end a name stands for a class of each year: a row means the newest year's.
  const byName = new Map<string, number[]>();
  const yearOf = new Map<string, string>();
  for (const { id, name, academic_year } of standards) {
    const key = standardNameKey(name);
    if ((yearOf.get(key) ?? academic_year) !== academic_year) continue;
    yearOf.set(key, academic_year);
    byName.set(key, [...(byName.get(key) ?? []), id]);
  }
  planned.forEach(({ name }, index) => {
    const key = standardNameKey(name);
    if (!byName.has(key)) byName.set(key, [-1 - index]);
  });
  const ids = new Set(standards.map(({ id }) => id));
  return (cell) => {
    const value = cell.trim();
    if (value === '') return { error: fieldTexts.standardRequired };
    const named = byName.get(standardNameKey(value));
    if (named?.length === 1) return { id: named[0] as number };
    if (named && named.length > 1) return { error: importTexts.standardAmbiguous(value) };
    if (/^\d{1,9}$/.test(value)) {
      if (ids.has(Number(value))) return { id: Number(value) };
      return { error: importTexts.standardNotFound(value) };
    }
    const creatable = standardNameSchema.safeParse(value).success;
    return { error: importTexts.standardNotFound(value), ...(creatable && { missing: value }) };
  };
}

/**
 * Each row checked on its own: its cells, by the contract's student rules, and its standard.
 * 20,000 rows take a good part of a second, so the event loop is given back as it goes.
 */
async function checkRows(
  rows: readonly CsvRow[],
  standardOf: StandardLookup,
  today: string,
  dateFormat: ImportDateFormat,
) {
  const errors = new ErrorList();
  const valid: { row: number; values: StudentValues }[] = [];
  const seen = new Map<string, number>();
  /** Each missing standard's name as the file first writes it, by its name's key. */
  const missing = new Map<string, string>();
  const slices = timeSlices();
  for (const { row, cells, cellCount } of rows) {
    if (slices.due()) await slices.pause();
    if (cellCount) {
      errors.add({
        row,
        field: 'row',
        message: importTexts.cellCount(cellCount.found, cellCount.expected),
      });
      continue;
    }
    const rowErrors = new Map<string, string>();
    const standard = standardOf(cells.standard ?? '');
    if ('error' in standard) {
      rowErrors.set('standard', standard.error);
      const name = standard.missing;
      if (name && missing.size < IMPORT_MAX_NEW_STANDARDS && !missing.has(standardNameKey(name)))
        missing.set(standardNameKey(name), name);
    }
    const dateCell = cells.date_of_birth;
    const dateOfBirth = dateCell === undefined ? undefined : readImportDate(dateCell, dateFormat);
    if (dateOfBirth === null) {
      const message = importTexts.dateNotInFormat(dateFormat);
      rowErrors.set('date_of_birth', importTexts.refusedValue(message, dateCell?.trim() ?? ''));
    }
    // A standard still to be created has no id yet: the rules are checked with a real one.
    const standardId = 'id' in standard ? standard.id : 1;
    const parsed = studentInputSchema.safeParse(
      studentFields(cells, Math.max(standardId, 1), today, dateOfBirth ?? undefined),
    );
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = columnOf(
          issue.path,
          rowGuardians(cells).map(({ source }) => source),
        );
        const value = cells[field as keyof typeof cells]?.trim() ?? '';
        const message =
          value === '' ? issue.message : importTexts.refusedValue(issue.message, value);
        if (!rowErrors.has(field)) rowErrors.set(field, message);
      }
    }
    if (parsed.success && rowErrors.size === 0) {
      parsed.data.standard = standardId;
      const key = rollKey(parsed.data.standard, parsed.data.roll_number);
      const first = seen.get(key);
      if (first !== undefined) {
        const message = importTexts.rollNumberRepeated(parsed.data.roll_number, first);
        errors.add({ row, field: 'roll_number', message });
        continue;
      }
      seen.set(key, row);
      valid.push({ row, values: parsed.data });
      continue;
    }
    for (const [field, message] of rowErrors) errors.add({ row, field, message });
  }
  return { errors, valid, missingStandards: [...missing.values()] };
}

/**
 * The active students the rows name by standard and roll number (the key is theirs alone),
 * locked on PostgreSQL.
 */
async function matchingStudents(
  db: Executor,
  dialect: Dialect,
  lock: boolean,
  values: readonly StudentValues[],
): Promise<Map<string, StudentRow>> {
  const found = new Map<string, StudentRow>();
  const standards = [...new Set(values.map((value) => value.standard))];
  for (let start = 0; start < values.length; start += ROWS_PER_STATEMENT) {
    const rollNumbers = values.slice(start, start + ROWS_PER_STATEMENT).map((v) => v.roll_number);
    const rows = await activeStudentsByRollNumber(
      db,
      lock && dialect === 'postgres',
      standards,
      rollNumbers,
    );
    for (const row of rows) found.set(rollKey(row.standard_id, row.roll_number), row);
  }
  return found;
}

/**
 * What a file would do: every wrong row, and the students it would add, change or leave, with
 * the `planned` standards counted as created.
 */
async function plan(
  db: Executor,
  dialect: Dialect,
  rows: readonly CsvRow[],
  {
    lock,
    planned,
    dateFormat,
  }: { lock: boolean; planned: readonly ImportNewStandard[]; dateFormat: ImportDateFormat },
): Promise<Plan> {
  const today = nowIso().slice(0, 10);
  const { errors, valid, missingStandards } = await checkRows(
    rows,
    await standardLookup(db, dialect, lock, planned),
    today,
    dateFormat,
  );
  const existing = await matchingStudents(
    db,
    dialect,
    lock,
    valid.map(({ values }) => values),
  );
  const given = new Set(rows.flatMap((row) => Object.keys(row.cells) as ImportCsvColumn[]));
  const guardians = await guardiansOf(
    db,
    [...existing.values()].map((row) => row.id),
  );
  const result: Plan = {
    total: rows.length,
    errors,
    missingStandards,
    creates: [],
    updates: [],
    unchanged: 0,
  };
  for (const { values } of valid) {
    const before = existing.get(rollKey(values.standard, values.roll_number));
    if (!before) {
      result.creates.push(values);
      continue;
    }
    const update = changesOf(before, values, given, guardians.get(before.id) ?? []);
    if (update) result.updates.push(update);
    else result.unchanged += 1;
  }
  return result;
}

/**
 * What a row changes of the student it names, or nothing: the fields an import always
 * changes, those whose column the file has, and a guardian for a student who has none yet (an
 * import never replaces guardians entered with the student; decision 0045).
 */
function changesOf(
  before: StudentRow,
  values: StudentValues,
  given: ReadonlySet<ImportCsvColumn>,
  guardians: readonly unknown[],
): Update | undefined {
  const next = columns(values);
  const changed: Update['values'] = {};
  for (const field of UPDATABLE) {
    if (before[field] !== next[field]) Object.assign(changed, { [field]: next[field] });
  }
  for (const field of UPDATABLE_WHEN_GIVEN) {
    if (given.has(field) && before[field] !== next[field]) {
      Object.assign(changed, { [field]: next[field] });
    }
  }
  if (changed.status !== undefined) changed.left_on = next.left_on;
  const newGuardians = guardians.length === 0 && values.guardians.length > 0;
  if (newGuardians) Object.assign(changed, guardianColumns(values.guardians));
  if (Object.keys(changed).length === 0) return undefined;
  return { before, values: changed, ...(newGuardians && { guardians: values.guardians }) };
}

const summary = (
  importId: string,
  dryRun: boolean,
  result: Plan,
  { createdStandards = 0, skipped = 0 } = {},
): ImportResult => ({
  import_id: importId,
  dry_run: dryRun,
  total: result.total,
  created: result.creates.length,
  updated: result.updates.length,
  unchanged: result.unchanged,
  errors: result.errors.listed,
  error_count: result.errors.count,
  missing_standards: result.missingStandards,
  created_standards: createdStandards,
  skipped,
});

/** A commit refused because rows are wrong: its answer is the report, and nothing is written. */
export class ImportRefused extends Error {
  constructor(readonly result: ImportResult) {
    super(importTexts.refused(result.error_count));
  }
}

export interface ImportOptions {
  dryRun: boolean;
  actorId: number;
  /**
   * Standards to create first, in the same transaction (a dry run counts them as created): those
   * of them that the file's rows name; the others are left out.
   */
  newStandards: readonly ImportNewStandard[];
  /** The person chose to import the valid rows and leave the wrong ones out. */
  skipInvalid: boolean;
  /** How the file writes its dates of birth. */
  dateFormat: ImportDateFormat;
}

/**
 * Imports the rows of a file (docs/api.md, "Imports"): a dry run only reports; a commit writes
 * the standards asked for, then every create and update, in one transaction with one history
 * event each, sharing the import's id. A commit is all or nothing (ImportRefused when a row is
 * wrong) unless the person chose to skip the wrong rows. It checks the rows again inside its
 * transaction, with the standards and matched students locked, so that what it writes is what
 * the rules allow at that moment.
 */
export async function importStudents(
  db: Db,
  dialect: Dialect,
  rows: readonly CsvRow[],
  { dryRun, actorId, newStandards, skipInvalid, dateFormat }: ImportOptions,
): Promise<ImportResult> {
  const importId = randomUUID();
  // Only the standards the file's rows name: a request cannot make standards nobody is put in.
  const named = new Set(rows.map(({ cells }) => standardNameKey(cells.standard ?? '')));
  const wanted = newStandards.filter(({ name }) => named.has(standardNameKey(name)));
  if (dryRun) {
    const result = await plan(db, dialect, rows, {
      lock: false,
      planned: wanted,
      dateFormat,
    });
    return summary(importId, true, result);
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const createdStandards =
        wanted.length > 0
          ? (
              await addStandardsOfBatch(trx, wanted, {
                actorId,
                batchId: importId,
                academicYear: currentAcademicYear(),
                action: 'import',
              })
            ).length
          : 0;
      const result = await plan(trx, dialect, rows, { lock: true, planned: [], dateFormat });
      if (result.errors.count > 0 && !skipInvalid)
        throw new ImportRefused(summary(importId, false, result));
      const now = nowIso();
      // On SQLite every statement runs on the event loop: between them it is given back.
      const slices = timeSlices();
      const created: StudentRow[] = [];
      for (let start = 0; start < result.creates.length; start += ROWS_PER_STATEMENT) {
        if (slices.due()) await slices.pause();
        const batch = result.creates.slice(start, start + ROWS_PER_STATEMENT);
        created.push(
          ...(await insertStudentRows(
            trx,
            batch.map((values) => ({ ...columns(values), created_at: now, updated_at: now })),
          )),
        );
      }
      // A file names each (standard, roll number) once, so that key finds each create's row.
      const guardiansByKey = new Map(
        result.creates.map((values) => [rollKey(values.standard, values.roll_number), values]),
      );
      const createdGuardians = created.map((row) => ({
        studentId: row.id,
        guardians: guardiansByKey.get(rollKey(row.standard_id, row.roll_number))?.guardians ?? [],
      }));
      await insertGuardians(trx, createdGuardians);
      const updated: { before: StudentRow; after: StudentRow; guardians?: readonly Guardian[] }[] =
        [];
      for (const { before, values, guardians } of result.updates) {
        if (slices.due()) await slices.pause();
        const after = await studentRows.updateAtVersion(trx, before, values, now);
        if (!after) throw conflict(importTexts.raced);
        if (guardians) await insertGuardians(trx, [{ studentId: before.id, guardians }]);
        updated.push({ before, after, ...(guardians && { guardians }) });
      }
      await recordChanges(trx, [
        ...created.map((row, index) => ({
          ...studentChange(actorId, 'import', null, row, {
            before: [],
            after: createdGuardians[index]?.guardians ?? [],
          }),
          importId,
        })),
        ...updated.map(({ before, after, guardians }) => ({
          ...studentChange(
            actorId,
            'import',
            before,
            after,
            guardians && { before: [], after: guardians },
          ),
          importId,
        })),
      ]);
      await recordBatch(trx, {
        id: importId,
        kind: 'import',
        actorId,
        counts: {
          created: created.length,
          updated: updated.length,
          created_standards: createdStandards,
          skipped: result.errors.rows.size,
        },
      });
      return summary(importId, false, result, {
        createdStandards,
        skipped: result.errors.rows.size,
      });
    });
  } catch (error) {
    // Another save took a roll number of the file after the check: the unique index refused it.
    if (isUniqueViolation(error)) throw conflict(importTexts.raced);
    throw error;
  }
}
