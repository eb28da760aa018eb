import { useInfiniteQuery } from '@tanstack/react-query';
import { appTexts, historyListResponseSchema } from '@um/contract';
import type { Actor, HistoryEvent, HistoryList } from '@um/contract';
import { apiRequest, errorDetail } from '../api-client';

const HISTORY_PAGE_SIZE = 50;

/**
 * One page of a student's or a standard's history, newest first; `path` is the record's history
 * path, `cursor` the API's for the events before those read.
 */
export async function getRecordHistory(
  path: string,
  { cursor = null, limit = HISTORY_PAGE_SIZE }: { cursor?: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<HistoryList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${path}?${query}`, { schema: historyListResponseSchema, signal });
}

/** What a history dialog shows of one record's history. */
export interface RecordHistory {
  /** Newest first; undefined while the first page loads. */
  events: HistoryEvent[] | undefined;
  error: string | null;
  /** Asks for the 50 events before those read; undefined when there are none. */
  onShowOlder: (() => void) | undefined;
  loadingOlder: boolean;
}

/**
 * A record's history while `path` is set (its dialog is open): 50 events at a time, newest
 * first, older ones on request by the API's cursor; read afresh each time.
 */
export function useRecordHistory(queryKey: readonly unknown[], path: string | null): RecordHistory {
  const history = useInfiniteQuery({
    queryKey: [...queryKey, 'history', path],
    queryFn: ({ pageParam, signal }) => getRecordHistory(path ?? '', { cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    enabled: path !== null,
    staleTime: 0,
  });
  return {
    events: history.data?.pages.flatMap((page) => page.data),
    error: history.isError
      ? (errorDetail(history.error) ?? appTexts.history.historyLoadFailed)
      : null,
    onShowOlder: history.hasNextPage ? () => void history.fetchNextPage() : undefined,
    loadingOlder: history.isFetchingNextPage,
  };
}

/** Who made a record's latest change; null when its history does not say. */
export async function getLatestChangeBy(path: string): Promise<Actor | null> {
  return (await getRecordHistory(path, { limit: 1 })).data[0]?.actor ?? null;
}
