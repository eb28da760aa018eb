import { useMutation } from '@tanstack/react-query';
import { buildPath, recordPaths, studentResponseSchema } from '@um/contract';
import type { Student } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

/** Puts a deleted student back from the bin, with its id. */
export async function restoreStudent(id: number): Promise<Student> {
  const answer = await apiRequest(buildPath(recordPaths.restoreStudent, { id }), {
    method: 'POST',
    schema: studentResponseSchema,
  });
  return answer.data;
}

export function useRestoreStudent() {
  const refresh = useRefreshSchoolLists();
  return useMutation({ mutationFn: restoreStudent, onSuccess: refresh });
}
