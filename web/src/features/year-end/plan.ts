import { GRADE_LEVEL_MAX } from '@um/contract';
import type { Standard, YearEndInput, YearEndResult } from '@um/contract';

/** Where one standard's students go: a standard of the next year, a new one, or out of school. */
export type Target =
  | { kind: 'existing'; id: number }
  | { kind: 'new'; name: string; gradeLevel: string }
  | { kind: 'graduate' };

/** A student kept back, as the screen lists them. */
export interface KeptStudent {
  id: number;
  name: string;
  roll_number: string;
  standard: number;
}

/** Standards in the order an office reads them: by grade, then by name ("9 B" before "10 A"). */
export function byGrade(standards: readonly Standard[]): Standard[] {
  return [...standards].sort(
    (a, b) =>
      a.grade_level - b.grade_level ||
      a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' }),
  );
}

/**
 * The likely name of a standard one grade up: its grade's number, where the name holds it, one
 * more ("Class 9 A" in grade 9 becomes "Class 10 A"); a name without it stays as it is.
 */
export function nextName({ name, grade_level }: Standard): string {
  return name.replace(new RegExp(`(?<!\\d)${grade_level}(?!\\d)`), String(grade_level + 1));
}

/** A new standard one grade up, as the person starts from when they choose one. */
export function newTarget(standard: Standard): Target {
  return {
    kind: 'new',
    name: nextName(standard),
    gradeLevel: String(Math.min(standard.grade_level + 1, GRADE_LEVEL_MAX)),
  };
}

/**
 * Where a standard goes unless the person says otherwise: the last grade of the year graduates;
 * the others go to the next year's standard one grade up (the one of the likely name, when
 * there are several), or to a new one when the next year has none.
 */
export function defaultTarget(
  standard: Standard,
  highestGrade: number,
  nextYear: readonly Standard[],
): Target {
  if (standard.grade_level === highestGrade) return { kind: 'graduate' };
  const oneUp = nextYear.filter(({ grade_level }) => grade_level === standard.grade_level + 1);
  const name = nextName(standard).toLocaleLowerCase();
  const existing = oneUp.find((next) => next.name.toLocaleLowerCase() === name) ?? oneUp[0];
  return existing ? { kind: 'existing', id: existing.id } : newTarget(standard);
}

/**
 * The target in effect: the person's choice while it still names a standard of the next year,
 * the default otherwise (the next year was changed since).
 */
export function targetIn(
  choice: Target | undefined,
  fallback: Target,
  nextYear: readonly Standard[],
): Target {
  if (!choice) return fallback;
  if (choice.kind === 'existing' && !nextYear.some(({ id }) => id === choice.id)) return fallback;
  return choice;
}

/** The request the contract checks and the API takes; a grade level left empty is no number. */
export function yearEndInput(
  fromYear: string,
  toYear: string,
  rows: ReadonlyArray<{ standard: Standard; target: Target }>,
  kept: readonly KeptStudent[],
): YearEndInput {
  return {
    from_year: fromYear,
    to_year: toYear,
    moves: rows.map(({ standard, target }) => {
      switch (target.kind) {
        case 'existing':
          return { from_standard: standard.id, to_standard: target.id };
        case 'new':
          return {
            from_standard: standard.id,
            to_new: {
              name: target.name,
              grade_level: target.gradeLevel.trim() === '' ? Number.NaN : Number(target.gradeLevel),
            },
          };
        case 'graduate':
          return { from_standard: standard.id, graduate: true };
      }
    }),
    keep: kept.map(({ id }) => id),
  };
}

/** How many students a preview or a run moves on, graduates and keeps back, all standards together. */
export function totalsOf(result: YearEndResult) {
  const sum = (count: 'moved' | 'graduated' | 'kept') =>
    result.standards.reduce((total, standard) => total + standard[count], 0);
  return { moved: sum('moved'), graduated: sum('graduated'), kept: sum('kept') };
}
