import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshSchoolLists } from '../../../lib/query';

/** Moves a student to the bin ("Recently deleted"), where it can be restored with its id. */
export async function deleteStudent(id: number): Promise<void> {
  await apiRequest(apiPaths.updateStudents, { method: 'DELETE', body: { id } });
}

export function useDeleteStudent() {
  const refresh = useRefreshSchoolLists();
  return useMutation({ mutationFn: deleteStudent, onSuccess: refresh });
}
