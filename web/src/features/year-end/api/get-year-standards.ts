import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAllStandards } from '../../../lib/api/get-all-standards';
import { queryKeys } from '../../../lib/query';

/** The standards of one academic year, under the standards' key so every change refreshes them. */
export const getYearStandardsQueryOptions = (year: string) =>
  queryOptions({
    queryKey: [...queryKeys.standards, 'year', year],
    queryFn: ({ signal }) => getAllStandards(signal, year),
  });

/** One year's standards; nothing is asked for while there is no year (null). */
export function useYearStandards(year: string | null) {
  return useQuery({ ...getYearStandardsQueryOptions(year ?? ''), enabled: year !== null });
}
