import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEntity } from '@um/contract';
import { queryKeys } from '../../lib/query';
import type { LiveEvent } from './event-stream';
import { startLiveUpdates } from './live-updates';

/** The caches that show each kind of record: a student row shows its standard's name. */
const shownBy: Record<LiveEntity, readonly (readonly string[])[]> = {
  students: [queryKeys.students],
  standards: [queryKeys.standards, queryKeys.students],
  messages: [queryKeys.messages],
};

/** Every kind of record, for a stream that was down and may have missed any change. */
const everyEntity = Object.keys(shownBy) as LiveEntity[];

function apply(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type === 'unread') {
    queryClient.setQueryData(queryKeys.unreadCount, event.count);
    return;
  }
  const entities = event.type === 'resumed' ? everyEntity : [event.entity];
  for (const queryKey of new Set(entities.flatMap((entity) => shownBy[entity]))) {
    void queryClient.invalidateQueries({
      queryKey,
      // The badge's count comes with its own event.
      predicate: (query) => query.queryKey[1] !== queryKeys.unreadCount[1],
    });
  }
}

/**
 * Keeps the signed-in screens current with what colleagues do (docs/web.md): the unread badge
 * takes each `unread` count, each `changed` refetches the lists and records of that kind, and
 * `resumed` all of them.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => startLiveUpdates((event) => apply(queryClient, event)), [queryClient]);
}
