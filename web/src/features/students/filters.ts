import { studentSorts, studentStatuses } from '@um/contract';
import type { StudentSort } from '@um/contract';
import { choiceParam, defineFilters, idParam, textParam } from '../../lib/url-filters';
import type { Filters } from '../../lib/url-filters';

/** The order the API uses when none is asked for. */
export const DEFAULT_SORT: StudentSort = 'name';

/** The statuses the list can show: one, or all of them. */
export const statusChoices = [...studentStatuses, 'all'] as const;

/**
 * The list as the address states it (?standard=3&q=asha&sort=roll_number&status=left): which
 * standard (or all), words to find, the order, and which students (active ones by default).
 */
export const studentListFilters = defineFilters({
  standard: idParam,
  q: textParam,
  sort: choiceParam(studentSorts, DEFAULT_SORT),
  status: choiceParam(statusChoices, 'active'),
});

export type StudentListView = Filters<typeof studentListFilters.spec>;
