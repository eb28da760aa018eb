import { useMutation } from '@tanstack/react-query';
import { recordPaths, yearEndRefusedSchema, yearEndResponseSchema } from '@um/contract';
import type { YearEndConflict, YearEndRequest, YearEndResult } from '@um/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

/** Previews the year end (a dry run, which writes nothing) or runs it as one batch. */
export async function runYearEnd(request: YearEndRequest, dryRun: boolean): Promise<YearEndResult> {
  const answer = await apiRequest(`${recordPaths.yearEnd}?dry_run=${dryRun}`, {
    method: 'POST',
    body: request,
    schema: yearEndResponseSchema,
  });
  return answer.data;
}

export function usePreviewYearEnd() {
  return useMutation({ mutationFn: (request: YearEndRequest) => runYearEnd(request, true) });
}

export function useRunYearEnd() {
  const refresh = useRefreshSchoolLists();
  return useMutation({
    mutationFn: (request: YearEndRequest) => runYearEnd(request, false),
    onSuccess: refresh,
  });
}

/**
 * The students a run was refused for (a 422: their roll numbers were taken since the preview);
 * null for any other failure.
 */
export function refusedYearEnd(error: unknown): YearEndConflict[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const refused = yearEndRefusedSchema.safeParse(error.problem);
  return refused.success ? refused.data.conflicts : null;
}
