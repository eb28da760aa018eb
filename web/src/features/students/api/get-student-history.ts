import { buildPath, recordPaths } from '@um/contract';
import { useRecordHistory } from '../../../lib/api/get-record-history';
import { queryKeys } from '../../../lib/query';

/** Where a student's history is read. */
export const studentHistoryPath = (id: number) => buildPath(recordPaths.studentHistory, { id });

/** A student's history while `id` is set (its dialog is open). */
export function useStudentHistory(id: number | null) {
  return useRecordHistory(queryKeys.students, id === null ? null : studentHistoryPath(id));
}
