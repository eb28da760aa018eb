import {
  buildPath,
  importResponseSchema,
  importUndoResponseSchema,
  recordPaths,
} from '@um/contract';
import type { ImportResult, ImportUndoResult } from '@um/contract';
import { ApiError, apiRequest } from '../../lib/api-client';

/** Sends a CSV file to check it (a dry run, which writes nothing) or to import it. */
export async function importStudents(file: Blob, dryRun: boolean): Promise<ImportResult> {
  const query = new URLSearchParams({ dry_run: String(dryRun) });
  const answer = await apiRequest(`${recordPaths.studentsImport}?${query}`, {
    method: 'POST',
    body: file,
    schema: importResponseSchema,
  });
  return answer.data;
}

/** The report of an import refused because some rows are wrong (a 422); null for any other failure. */
export function refusedImport(error: unknown): ImportResult | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const parsed = importResponseSchema.safeParse(error.problem);
  return parsed.success ? parsed.data.data : null;
}

/** Reverts a committed import: its new students go to the bin, updated ones get their values back. */
export async function undoImport(importId: string): Promise<ImportUndoResult> {
  const answer = await apiRequest(buildPath(recordPaths.importUndo, { import_id: importId }), {
    method: 'POST',
    schema: importUndoResponseSchema,
  });
  return answer.data;
}
