import { randomUUID } from 'node:crypto';
import {
  standardNameKey,
  yearEndTexts,
  type YearEndConflict,
  type YearEndRequest,
  type YearEndResult,
  type YearEndStandard,
} from '@um/contract';
import type { Db, Dialect, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { StudentRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { HttpError, badRequest, conflict } from '../../http/problem.js';
import { recordBatch } from '../../records/batches.js';
import { recordChanges } from '../../records/change-log.js';
import { addStandardsOfBatch } from '../../records/standards-of-batches.js';
import { liveStandardsOfYears } from '../../repositories/standards.js';
import {
  activeStudentsOfStandard,
  lockActiveStudents,
  setRollNumbersAside,
  updateEach,
} from '../../repositories/students.js';
import { assignRollNumbers, rollNumberChanges, rollNumberClashes } from './bulk.js';
import { placeArrivals, type Placement } from './roll-numbers.js';
import { studentChange } from '../record/presenter.js';

/** A year end refused because roll numbers are taken where students would go (docs/api.md). */
const yearEndRefused = (conflicts: YearEndConflict[]) =>
  new HttpError(422, yearEndTexts.refused(conflicts.length), {
    type: 'urn:problem-type:year-end-refused',
    title: 'Year end refused',
    extensions: { conflicts },
  });

interface StandardRow {
  id: number;
  name: string;
  grade_level: number;
  academic_year: string;
}

/** Where one standard's students go: a standard (null id: one to create), or graduation. */
type Target = { id: number | null; name: string; grade_level?: number } | null;

/**
 * The live standards of the two years, locked against a delete on PostgreSQL until the
 * transaction ends; refused (400, naming each move) when a move names a standard that is not of
 * its year, or a new standard whose name its year has.
 */
async function targetsOf(
  trx: Executor,
  dialect: Dialect,
  request: YearEndRequest,
): Promise<{ from: Map<number, StandardRow>; to: Map<number, StandardRow>; targets: Target[] }> {
  const rows = await liveStandardsOfYears(
    trx,
    [request.from_year, request.to_year],
    dialect === 'postgres',
  );
  const ofYear = (year: string) =>
    new Map(rows.filter((row) => row.academic_year === year).map((row) => [row.id, row] as const));
  const from = ofYear(request.from_year);
  const to = ofYear(request.to_year);
  const toNames = new Set([...to.values()].map((row) => standardNameKey(row.name)));

  const errors: Record<string, string[]> = {};
  const targets = request.moves.map((move, index): Target => {
    if (!from.has(move.from_standard)) {
      errors[`moves.${index}.from_standard`] = [yearEndTexts.notOfYear(request.from_year)];
    }
    if (move.to_standard !== undefined) {
      const target = to.get(move.to_standard);
      if (!target) errors[`moves.${index}.to_standard`] = [yearEndTexts.notOfYear(request.to_year)];
      return target ? { id: target.id, name: target.name } : null;
    }
    if (move.to_new) {
      if (toNames.has(standardNameKey(move.to_new.name))) {
        errors[`moves.${index}.to_new.name`] = [
          yearEndTexts.newNameTaken(move.to_new.name, request.to_year),
        ];
      }
      return { id: null, ...move.to_new };
    }
    return null;
  });
  const messages = Object.values(errors).flat();
  if (messages.length > 0) throw badRequest([...new Set(messages)].join(' '), errors);
  return { from, to, targets };
}

/**
 * The end of a school year (docs/history.md, "The end of the year"): every active student of each
 * standard that moves on goes to its target, a standard of the next year (created here when new)
 * or graduation; those kept back go to the next year's standard of their standard's name,
 * created here when there is none (decision 0078). Roll numbers taken where students go are
 * refused, or handed out as the request chose (decision 0077). A preview (`dryRun`) writes
 * nothing and lists what would clash or change; a run makes every change in one transaction,
 * with a history event each and one batch an undo reverts.
 */
export async function yearEnd(
  db: Db,
  dialect: Dialect,
  request: YearEndRequest,
  { dryRun, actorId }: { dryRun: boolean; actorId: number },
): Promise<YearEndResult> {
  const batchId = randomUUID();
  try {
    return await db.transaction().execute(async (trx) => {
      const { from, to, targets } = await targetsOf(trx, dialect, request);
      const students = await lockActiveStudents(
        trx,
        dialect,
        request.moves.map((move) => move.from_standard),
      );
      const keep = new Set(request.keep);
      const found = new Set(students.filter((s) => keep.has(s.id)).map((s) => s.id));
      if (found.size !== keep.size) {
        throw badRequest(yearEndTexts.keptNotMoving, { keep: [yearEndTexts.keptNotMoving] });
      }

      const byStandard = new Map<number, StudentRow[]>();
      for (const student of students) {
        byStandard.set(student.standard_id, [
          ...(byStandard.get(student.standard_id) ?? []),
          student,
        ]);
      }
      const toByName = new Map(
        [...to.values()].map((row) => [standardNameKey(row.name), row] as const),
      );
      // The students who arrive at each target, by its id or, for a new one, its name.
      const arriving = new Map<string, { target: NonNullable<Target>; students: StudentRow[] }>();
      const arrive = (target: NonNullable<Target>, coming: StudentRow[]) => {
        const key = target.id === null ? `new:${standardNameKey(target.name)}` : `${target.id}`;
        const entry = arriving.get(key) ?? { target, students: [] };
        entry.students.push(...coming);
        arriving.set(key, entry);
        return entry.target;
      };
      const summary: YearEndStandard[] = request.moves.map((move, index) => {
        const target = targets[index] ?? null;
        const all = byStandard.get(move.from_standard) ?? [];
        const going = all.filter((student) => !keep.has(student.id));
        const kept = all.filter((student) => keep.has(student.id));
        if (target) arrive(target, going);
        const standard = from.get(move.from_standard) as StandardRow;
        // Those kept back repeat the grade in the next year: in its standard of the same name.
        let keptTo: NonNullable<Target> | null = null;
        if (kept.length > 0) {
          const same = toByName.get(standardNameKey(standard.name));
          keptTo = arrive(
            same
              ? { id: same.id, name: same.name }
              : { id: null, name: standard.name, grade_level: standard.grade_level },
            kept,
          );
        }
        return {
          from_standard: { id: standard.id, name: standard.name },
          to_standard: target && { id: target.id, name: target.name },
          moved: target ? going.length : 0,
          graduated: target ? 0 : going.length,
          kept: kept.length,
          kept_to: keptTo && { id: keptTo.id, name: keptTo.name },
        };
      });

      const conflicts: YearEndConflict[] = [];
      const placements: {
        target: NonNullable<Target>;
        coming: StudentRow[];
        placement: Placement;
      }[] = [];
      for (const { target, students: coming } of arriving.values()) {
        if (request.roll_numbers === 'keep') {
          const byId = new Map(coming.map((student) => [student.id, student] as const));
          const clashes = await rollNumberClashes(trx, coming, {
            id: target.id ?? 0,
            name: target.name,
          });
          for (const clash of clashes) {
            const student = byId.get(clash.id) as StudentRow;
            conflicts.push({
              student: { id: student.id, name: student.name },
              roll_number: student.roll_number,
              to_standard: { id: target.id, name: target.name },
            });
          }
        } else {
          const there = await activeStudentsOfStandard(trx, target.id);
          placements.push({
            target,
            coming,
            placement: placeArrivals(request.roll_numbers, coming, there),
          });
        }
      }
      const rollNumbersOf = (idOf: (target: NonNullable<Target>) => number | null) =>
        placements.flatMap(({ target, coming, placement }) =>
          rollNumberChanges(placement, coming, { id: idOf(target), name: target.name }),
        );
      if (dryRun) {
        return {
          dry_run: true,
          batch_id: null,
          standards: summary,
          conflicts,
          roll_numbers: rollNumbersOf((target) => target.id),
        };
      }
      if (conflicts.length > 0) throw yearEndRefused(conflicts);

      const created = await addStandardsOfBatch(
        trx,
        [...arriving.values()]
          .map(({ target }) => target)
          .filter((target) => target.id === null)
          .map((target) => ({ name: target.name, grade_level: target.grade_level ?? 1 })),
        { actorId, batchId, academicYear: request.to_year, action: 'create' },
      );
      const createdId = new Map(created.map((row) => [standardNameKey(row.name), row.id] as const));
      const idOf = (target: { id: number | null; name: string }) =>
        target.id ?? createdId.get(standardNameKey(target.name)) ?? null;
      for (const entry of summary) {
        if (entry.to_standard) entry.to_standard.id = idOf(entry.to_standard);
        if (entry.kept_to) entry.kept_to.id = idOf(entry.kept_to);
      }
      const rollNumbers = rollNumbersOf(idOf);

      const now = nowIso();
      const before = new Map(students.map((student) => [student.id, student] as const));
      await setRollNumbersAside(
        trx,
        placements.flatMap(({ placement }) => [
          ...placement.arriving.keys(),
          ...placement.staying.map(({ student }) => student.id),
        ]),
      );
      const changed: StudentRow[] = [];
      let renumbered = 0;
      for (const { target, students: coming } of arriving.values()) {
        const moved = await updateEach(
          trx,
          coming.map((student) => student.id),
          { standard_id: idOf(target) as number, updated_at: now },
        );
        const placement = placements.find((entry) => entry.target === target)?.placement;
        if (!placement) {
          changed.push(...moved);
          continue;
        }
        const assigned = await assignRollNumbers(trx, moved, placement, now);
        changed.push(...assigned.after);
        renumbered += assigned.staying.length;
        for (const student of assigned.staying) before.set(student.id, student);
      }
      const graduating = request.moves
        .filter((_, index) => targets[index] === null)
        .flatMap((move) => byStandard.get(move.from_standard) ?? [])
        .filter((student) => !keep.has(student.id));
      changed.push(
        ...(await updateEach(
          trx,
          graduating.map((student) => student.id),
          { status: 'graduated', left_on: now.slice(0, 10), updated_at: now },
        )),
      );
      await recordChanges(
        trx,
        changed.map((after) => ({
          ...studentChange(actorId, 'update', before.get(after.id) as StudentRow, after),
          importId: batchId,
        })),
      );
      const total = (field: 'moved' | 'graduated' | 'kept') =>
        summary.reduce((sum, entry) => sum + entry[field], 0);
      await recordBatch(trx, {
        id: batchId,
        kind: 'year-end',
        actorId,
        counts: {
          moved: total('moved'),
          graduated: total('graduated'),
          kept: total('kept'),
          created_standards: created.length,
          ...(renumbered > 0 && { renumbered }),
        },
      });
      return {
        dry_run: false,
        batch_id: batchId,
        standards: summary,
        conflicts: [],
        roll_numbers: rollNumbers,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(yearEndTexts.raced);
    throw error;
  }
}
