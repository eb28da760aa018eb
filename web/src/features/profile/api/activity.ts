import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityListResponseSchema, staffPaths } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

export const ACTIVITY_SHOWN = 20;

export const getActivityQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'activity'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${staffPaths.activity}?limit=${ACTIVITY_SHOWN}`, {
          schema: activityListResponseSchema,
          signal,
        })
      ).data,
  });

/** The person's latest sign-ins and account changes. */
export function useActivity() {
  return useQuery(getActivityQueryOptions());
}
