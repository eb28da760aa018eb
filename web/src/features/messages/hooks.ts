import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query';
import { deleteMessage, markMessageRead, sendMessage } from './api';
import { inboxQuery } from './queries';

export function useInbox() {
  return useInfiniteQuery(inboxQuery(useQueryClient()));
}

/**
 * Every change refreshes the whole messages group: the inbox and the header's unread badge.
 * The mutation stays pending until they have, so a success never sits beside a stale list.
 */
function useRefreshMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.messages });
}

export function useSendMessage() {
  const refresh = useRefreshMessages();
  return useMutation({ mutationFn: (content: string) => sendMessage(content), onSuccess: refresh });
}

export function useMarkRead() {
  const refresh = useRefreshMessages();
  return useMutation({ mutationFn: (id: number) => markMessageRead(id), onSuccess: refresh });
}

export function useDeleteMessage() {
  const refresh = useRefreshMessages();
  return useMutation({ mutationFn: (id: number) => deleteMessage(id), onSuccess: refresh });
}
