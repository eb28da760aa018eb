import { STATUSES } from '@um/contract';
import { choiceParam, defineFilters, textParam } from '../../lib/url-filters';
import type { Filters } from '../../lib/url-filters';

/** Whose accounts the staff list shows: every one (the default), or those of one status. */
export const staffStatusChoices = ['all', ...STATUSES] as const;

/** The staff list as the address states it (?q=okafor&status=deactivated). */
export const staffFilters = defineFilters({
  q: textParam,
  status: choiceParam(staffStatusChoices, 'all'),
});

export type StaffView = Filters<typeof staffFilters.spec>;
