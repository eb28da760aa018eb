import { useMutation } from '@tanstack/react-query';
import { apiPaths, studentResponseSchema } from '@um/contract';
import type { Student, StudentValues } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

export interface UpdateStudent {
  id: number;
  values: StudentValues;
  /** The version the edit started from. */
  version?: number | undefined;
}

/**
 * The API takes the id of the student to change in the body, and the version the form started
 * from, so that a colleague's save in between is refused rather than silently overwritten.
 */
export async function updateStudent({ id, values, version }: UpdateStudent): Promise<Student> {
  const answer = await apiRequest(apiPaths.updateStudents, {
    method: 'PUT',
    body: { ...values, id, ...(version === undefined ? {} : { version }) },
    schema: studentResponseSchema,
  });
  return answer.data;
}

export function useUpdateStudent() {
  const refresh = useRefreshSchoolLists();
  return useMutation({ mutationFn: updateStudent, onSuccess: refresh });
}
