import { academicYearSchema, currentAcademicYear } from '@um/contract';
import { defineFilters } from '../../lib/url-filters';
import type { FilterParam } from '../../lib/url-filters';

/** An academic year (`?year=2025`); the current one unless the address names another. */
const yearParam: FilterParam<string> = {
  read: (raw) => (academicYearSchema.safeParse(raw).success ? raw! : currentAcademicYear()),
  write: (year) => (year === currentAcademicYear() ? null : year),
};

/** Which year the dashboard's figures are of, in the address so a link or reload keeps it. */
export const dashboardFilters = defineFilters({ year: yearParam });
