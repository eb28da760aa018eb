import { randomUUID } from 'node:crypto';
import {
  fieldTexts,
  importTexts,
  studentInputSchema,
  type ImportError,
  type ImportResult,
  type StudentValues,
} from '@um/contract';
import {
  isUniqueViolation,
  nowIso,
  type Db,
  type Dialect,
  type Executor,
} from '../../db/database.js';
import type { StudentRow } from '../../db/schema.js';
import { recordChanges } from '../../history/events.js';
import { conflict } from '../../http/problem.js';
import { studentChange } from '../repository.js';
import type { CsvRow } from './csv.js';

/** Rows per insert, and roll numbers per lookup: well under either database's bound values. */
const ROWS_PER_STATEMENT = 500;

const rollKey = (standard: number, rollNumber: string) => `${standard}\u0000${rollNumber}`;

/** The fields an import may change on a student it finds by standard and roll number. */
const UPDATABLE = ['name', 'email', 'phone_number', 'address'] as const;

interface Plan {
  total: number;
  errors: ImportError[];
  creates: StudentValues[];
  updates: { before: StudentRow; values: StudentValues }[];
  unchanged: number;
}

type StandardLookup = (cell: string) => { id: number } | { error: string };

/**
 * The live standards, found by name (ignoring case) or by id. On PostgreSQL they stay locked
 * until the transaction ends, so none goes to the bin while students are put in it.
 */
async function standardLookup(
  db: Executor,
  dialect: Dialect,
  lock: boolean,
): Promise<StandardLookup> {
  const select = db.selectFrom('standards').select(['id', 'name']).where('deleted_at', 'is', null);
  const standards = await (lock && dialect === 'postgres' ? select.forShare() : select).execute();
  const byName = new Map<string, number[]>();
  for (const { id, name } of standards) {
    const key = name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), id]);
  }
  const ids = new Set(standards.map(({ id }) => id));
  return (cell) => {
    const value = cell.trim();
    if (value === '') return { error: fieldTexts.standardRequired };
    const named = byName.get(value.toLowerCase());
    if (named?.length === 1) return { id: named[0] as number };
    if (named && named.length > 1) return { error: importTexts.standardAmbiguous(value) };
    if (/^\d{1,9}$/.test(value) && ids.has(Number(value))) return { id: Number(value) };
    return { error: importTexts.standardNotFound(value) };
  };
}

/** Each row checked on its own: its cells, by the contract's student rules, and its standard. */
function checkRows(rows: readonly CsvRow[], standardOf: StandardLookup) {
  const errors: ImportError[] = [];
  const valid: { row: number; values: StudentValues }[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells, cellCount } of rows) {
    if (cellCount) {
      errors.push({
        row,
        field: 'row',
        message: importTexts.cellCount(cellCount.found, cellCount.expected),
      });
      continue;
    }
    const rowErrors = new Map<string, string>();
    const standard = standardOf(cells.standard ?? '');
    if ('error' in standard) rowErrors.set('standard', standard.error);
    const parsed = studentInputSchema.safeParse({
      ...cells,
      standard: 'id' in standard ? standard.id : 1,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (!rowErrors.has(field)) rowErrors.set(field, issue.message);
      }
    }
    if (parsed.success && rowErrors.size === 0) {
      const key = rollKey(parsed.data.standard, parsed.data.roll_number);
      const first = seen.get(key);
      if (first !== undefined) {
        const message = importTexts.rollNumberRepeated(parsed.data.roll_number, first);
        errors.push({ row, field: 'roll_number', message });
        continue;
      }
      seen.set(key, row);
      valid.push({ row, values: parsed.data });
      continue;
    }
    for (const [field, message] of rowErrors) errors.push({ row, field, message });
  }
  return { errors, valid };
}

/** The live students the rows name by standard and roll number, locked on PostgreSQL. */
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
    const select = db
      .selectFrom('students')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('standard_id', 'in', standards)
      .where('roll_number', 'in', rollNumbers);
    const rows = await (lock && dialect === 'postgres' ? select.forUpdate() : select).execute();
    for (const row of rows) found.set(rollKey(row.standard_id, row.roll_number), row);
  }
  return found;
}

/** What a file would do: every wrong row, and the students it would add, change or leave. */
async function plan(
  db: Executor,
  dialect: Dialect,
  rows: readonly CsvRow[],
  lock: boolean,
): Promise<Plan> {
  const { errors, valid } = checkRows(rows, await standardLookup(db, dialect, lock));
  const existing = await matchingStudents(
    db,
    dialect,
    lock,
    valid.map(({ values }) => values),
  );
  const result: Plan = { total: rows.length, errors, creates: [], updates: [], unchanged: 0 };
  for (const { values } of valid) {
    const before = existing.get(rollKey(values.standard, values.roll_number));
    if (!before) result.creates.push(values);
    else if (UPDATABLE.every((field) => before[field] === values[field])) result.unchanged += 1;
    else result.updates.push({ before, values });
  }
  return result;
}

const summary = (importId: string, dryRun: boolean, result: Plan): ImportResult => ({
  import_id: importId,
  dry_run: dryRun,
  total: result.total,
  created: result.creates.length,
  updated: result.updates.length,
  unchanged: result.unchanged,
  errors: result.errors,
});

/** A commit refused because rows are wrong: its answer is the report, and nothing is written. */
export class ImportRefused extends Error {
  constructor(readonly result: ImportResult) {
    super(importTexts.refused(result.errors.length));
  }
}

/**
 * Imports the rows of a file, all or nothing: a dry run only reports; a commit writes every
 * create and update in one transaction with one history event each, sharing the import's id,
 * or throws ImportRefused when a row is wrong. The commit checks the rows again inside its
 * transaction, with the standards and matched students locked, so that what it writes is what
 * the rules allow at that moment.
 */
export async function importStudents(
  db: Db,
  dialect: Dialect,
  rows: readonly CsvRow[],
  { dryRun, actorId }: { dryRun: boolean; actorId: number },
): Promise<ImportResult> {
  const importId = randomUUID();
  if (dryRun) return summary(importId, true, await plan(db, dialect, rows, false));
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await plan(trx, dialect, rows, true);
      if (result.errors.length > 0) throw new ImportRefused(summary(importId, false, result));
      const now = nowIso();
      const created: StudentRow[] = [];
      for (let start = 0; start < result.creates.length; start += ROWS_PER_STATEMENT) {
        const batch = result.creates.slice(start, start + ROWS_PER_STATEMENT);
        created.push(
          ...(await trx
            .insertInto('students')
            .values(
              batch.map((values) => ({
                name: values.name,
                email: values.email,
                roll_number: values.roll_number,
                standard_id: values.standard,
                phone_number: values.phone_number,
                address: values.address,
                created_at: now,
                updated_at: now,
              })),
            )
            .returningAll()
            .execute()),
        );
      }
      const updated: { before: StudentRow; after: StudentRow }[] = [];
      for (const { before, values } of result.updates) {
        const after = await trx
          .updateTable('students')
          .set((eb) => ({
            name: values.name,
            email: values.email,
            phone_number: values.phone_number,
            address: values.address,
            updated_at: now,
            version: eb('version', '+', 1),
          }))
          .where('id', '=', before.id)
          .where('version', '=', before.version)
          .where('deleted_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!after) throw conflict(importTexts.raced);
        updated.push({ before, after });
      }
      await recordChanges(trx, [
        ...created.map((row) => ({ ...studentChange(actorId, 'import', null, row), importId })),
        ...updated.map(({ before, after }) => ({
          ...studentChange(actorId, 'import', before, after),
          importId,
        })),
      ]);
      return summary(importId, false, result);
    });
  } catch (error) {
    // Another save took a roll number of the file after the check: the unique index refused it.
    if (isUniqueViolation(error)) throw conflict(importTexts.raced);
    throw error;
  }
}
