import { yearParam } from '../../lib/academic-year-filter';
import { defineFilters } from '../../lib/url-filters';

/** Which year the dashboard's figures are of, in the address so a link or reload keeps it. */
export const dashboardFilters = defineFilters({ year: yearParam });
