import { useMutation } from '@tanstack/react-query';
import { batchUndoResponseSchema, buildPath, recordPaths } from '@um/contract';
import type { BatchUndoResult } from '@um/contract';
import { apiRequest } from '../api-client';
import { useRefreshSchoolLists } from '../query';

/**
 * Reverts a batch (an import or a change of many students): the students screen's Undo and the
 * recent changes screen both call it.
 */
export async function undoBatch(batchId: string): Promise<BatchUndoResult> {
  const answer = await apiRequest(buildPath(recordPaths.batchUndo, { batch_id: batchId }), {
    method: 'POST',
    schema: batchUndoResponseSchema,
  });
  return answer.data;
}

export function useUndoBatch() {
  const refresh = useRefreshSchoolLists();
  return useMutation({ mutationFn: undoBatch, onSuccess: refresh });
}
