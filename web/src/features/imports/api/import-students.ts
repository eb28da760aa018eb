import { importResponseSchema, recordPaths } from '@um/contract';
import type { ImportDateFormat, ImportNewStandard, ImportResult } from '@um/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';

export interface ImportChoices {
  /** Only check the file (a dry run, which writes nothing). */
  dryRun: boolean;
  /** Standards to create with the import, which a dry run counts as created. */
  newStandards: readonly ImportNewStandard[];
  /** Import the valid rows and leave out the wrong ones. */
  skipInvalid?: boolean;
  /** How the file writes its dates of birth. */
  dateFormat: ImportDateFormat;
}

/** Sends a CSV file to check it or to import it. */
export async function importStudents(
  file: Blob,
  { dryRun, newStandards, skipInvalid = false, dateFormat }: ImportChoices,
): Promise<ImportResult> {
  const query = new URLSearchParams({ dry_run: String(dryRun), date_format: dateFormat });
  if (newStandards.length > 0) query.set('create_standards', JSON.stringify(newStandards));
  if (skipInvalid) query.set('skip_invalid', 'true');
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
