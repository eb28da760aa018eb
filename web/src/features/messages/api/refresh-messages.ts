import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query';

/**
 * Every change refreshes the whole messages group: the inbox and the header's unread badge.
 * The mutation stays pending until they have, so a success never sits beside a stale list.
 */
export function useRefreshMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.messages });
}
