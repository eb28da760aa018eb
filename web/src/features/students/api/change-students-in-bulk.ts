import { useMutation } from '@tanstack/react-query';
import { bulkResponseSchema, recordPaths } from '@um/contract';
import type { BulkChange, BulkResult } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

/** Moves or deletes many students at once, all or none, as one batch that can be undone. */
export async function changeStudentsInBulk(change: BulkChange): Promise<BulkResult> {
  const answer = await apiRequest(recordPaths.studentsBulk, {
    method: 'POST',
    body: change,
    schema: bulkResponseSchema,
  });
  return answer.data;
}

export function useChangeStudentsInBulk() {
  const refresh = useRefreshSchoolLists();
  return useMutation({ mutationFn: changeStudentsInBulk, onSuccess: refresh });
}
