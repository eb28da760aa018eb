import { defineFilters, textParam } from '../../lib/url-filters';
import type { Filters } from '../../lib/url-filters';

/** The bin as the address states it (?q=kaur): words to find, none for everything in it. */
export const binFilters = defineFilters({ q: textParam });

export type BinView = Filters<typeof binFilters.spec>;
