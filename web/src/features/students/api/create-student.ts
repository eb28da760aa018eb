import { useMutation } from '@tanstack/react-query';
import { apiPaths, studentResponseSchema } from '@um/contract';
import type { Student, StudentValues } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

export async function createStudent(values: StudentValues): Promise<Student> {
  const answer = await apiRequest(apiPaths.updateStudents, {
    method: 'POST',
    body: values,
    schema: studentResponseSchema,
  });
  return answer.data;
}

export function useCreateStudent() {
  const refresh = useRefreshSchoolLists();
  return useMutation({ mutationFn: createStudent, onSuccess: refresh });
}
