import { useMutation } from '@tanstack/react-query';
import { bulkResponseSchema, recordPaths } from '@um/contract';
import type { BulkChangeInput, BulkResult } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

/** Moves or deletes many students at once, all or none, as one batch that can be undone. */
export async function changeStudentsInBulk(change: BulkChangeInput): Promise<BulkResult> {
  const answer = await apiRequest(recordPaths.studentsBulk, {
    method: 'POST',
    body: change,
    schema: bulkResponseSchema,
  });
  return answer.data;
}

/** What a change would do, writing nothing: for a move, the roll numbers it would give. */
export async function previewBulkChange(change: BulkChangeInput): Promise<BulkResult> {
  const answer = await apiRequest(`${recordPaths.studentsBulk}?dry_run=true`, {
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
