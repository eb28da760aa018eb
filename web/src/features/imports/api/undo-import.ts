import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildPath, importUndoResponseSchema, recordPaths } from '@um/contract';
import type { ImportUndoResult } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query';

/** Reverts a committed import: its new students go to the bin, updated ones get their values back. */
export async function undoImport(importId: string): Promise<ImportUndoResult> {
  const answer = await apiRequest(buildPath(recordPaths.importUndo, { import_id: importId }), {
    method: 'POST',
    schema: importUndoResponseSchema,
  });
  return answer.data;
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.students }),
  });
}
