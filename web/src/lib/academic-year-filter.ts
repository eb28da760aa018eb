import { academicYearSchema, currentAcademicYear } from '@um/contract';
import type { FilterParam } from './url-filters';

/** An academic year (`?year=2025`); the current one unless the address names another. */
export const yearParam: FilterParam<string> = {
  read: (raw) => (academicYearSchema.safeParse(raw).success ? raw! : currentAcademicYear()),
  write: (year) => (year === currentAcademicYear() ? null : year),
};

/** Every year that has standards, the current one and the one asked for, newest first. */
export function yearChoices(year: string, standards: readonly { academic_year: string }[]) {
  return [
    ...new Set([
      currentAcademicYear(),
      year,
      ...standards.map(({ academic_year }) => academic_year),
    ]),
  ]
    .sort()
    .reverse();
}
