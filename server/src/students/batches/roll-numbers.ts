import type { RollNumberChoice } from '@um/contract';
import type { StudentRow } from '../../db/schema.js';

/**
 * Where students arriving at a standard clash with the roll numbers there, the numbers each gets
 * (decision 0077): `next_free` gives every arriving student whose number is taken (by a student
 * there, or by one arriving before them) the next number after the highest there; `renumber`
 * numbers every active student of the standard, those there and those arriving, 1, 2, 3, … by
 * name. A student whose number stays is not listed.
 */
export interface Placement {
  /** Arriving students' new roll numbers, by id. */
  arriving: Map<number, string>;
  /** The standard's own students whose roll number changes, with the new one. */
  staying: { student: StudentRow; to: string }[];
}

const byName = (a: StudentRow, b: StudentRow) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;

/** Arriving students in their own roll order, so the first of two with one number keeps it. */
const byRoll = (a: StudentRow, b: StudentRow) =>
  a.roll_sort < b.roll_sort ? -1 : a.roll_sort > b.roll_sort ? 1 : a.id - b.id;

export function placeArrivals(
  choice: Exclude<RollNumberChoice, 'keep'>,
  arriving: readonly StudentRow[],
  there: readonly StudentRow[],
): Placement {
  const arrivingIds = new Set(arriving.map((student) => student.id));
  const others = there.filter((student) => !arrivingIds.has(student.id));
  const placement: Placement = { arriving: new Map(), staying: [] };
  if (choice === 'renumber') {
    [...others, ...arriving].sort(byName).forEach((student, index) => {
      const to = String(index + 1);
      if (to === student.roll_number && !arrivingIds.has(student.id)) return;
      if (arrivingIds.has(student.id)) {
        if (to !== student.roll_number) placement.arriving.set(student.id, to);
      } else placement.staying.push({ student, to });
    });
    return placement;
  }
  const taken = new Set(others.map((student) => student.roll_number));
  const clashing: StudentRow[] = [];
  for (const student of [...arriving].sort(byRoll)) {
    if (taken.has(student.roll_number)) clashing.push(student);
    else taken.add(student.roll_number);
  }
  let next =
    Math.max(
      0,
      ...[...taken].filter((roll) => /^[0-9]{1,15}$/.test(roll)).map((roll) => Number(roll)),
    ) + 1;
  for (const student of clashing) {
    while (taken.has(String(next))) next += 1;
    placement.arriving.set(student.id, String(next));
    taken.add(String(next));
  }
  return placement;
}
