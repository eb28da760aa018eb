import { buildPath, recordPaths } from '@um/contract';
import { useRecordHistory } from '../../../lib/api/get-record-history';
import { queryKeys } from '../../../lib/query';

/** Where a standard's history is read. */
export const standardHistoryPath = (id: number) => buildPath(recordPaths.standardHistory, { id });

/** A standard's history while `id` is set (its dialog is open). */
export function useStandardHistory(id: number | null) {
  return useRecordHistory(queryKeys.standards, id === null ? null : standardHistoryPath(id));
}
