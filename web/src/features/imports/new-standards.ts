import { GRADE_LEVEL_MAX, GRADE_LEVEL_MIN } from '@um/contract';

/**
 * The grade level a standard's name suggests: its first number when that is a grade ("Grade 6
 * Lilies", "10B"), otherwise none, for the person to give.
 */
export function guessGradeLevel(name: string): string {
  const number = Number(/\d+/.exec(name)?.[0]);
  return number >= GRADE_LEVEL_MIN && number <= GRADE_LEVEL_MAX ? String(number) : '';
}

/** A grade level as typed, or null when it is not a whole number from 1 to 12. */
export function gradeLevelOf(typed: string): number | null {
  if (!/^\s*\d{1,2}\s*$/.test(typed)) return null;
  const level = Number(typed);
  return level >= GRADE_LEVEL_MIN && level <= GRADE_LEVEL_MAX ? level : null;
}
