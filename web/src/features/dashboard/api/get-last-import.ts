import { queryOptions, useQuery } from '@tanstack/react-query';
import { lastImportResponseSchema, recordPaths } from '@um/contract';
import type { LastImport } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query';

/** The school's last import (who, when, how many), or null when it never imported. */
export async function getLastImport(signal?: AbortSignal): Promise<LastImport | null> {
  const answer = await apiRequest(recordPaths.lastImport, {
    schema: lastImportResponseSchema,
    signal,
  });
  return answer.data;
}

/** In the students group: an import or its undo refreshes it with the students. */
export const getLastImportQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.students, 'last-import'],
    queryFn: ({ signal }) => getLastImport(signal),
  });

export function useLastImport() {
  return useQuery(getLastImportQueryOptions());
}
