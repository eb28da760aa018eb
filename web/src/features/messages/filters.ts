import { defineFilters, textParam } from '../../lib/url-filters';
import type { Filters } from '../../lib/url-filters';

/** The inbox as the address states it (?q=trip): words to find, none for the whole inbox. */
export const inboxFilters = defineFilters({ q: textParam });

export type InboxView = Filters<typeof inboxFilters.spec>;
