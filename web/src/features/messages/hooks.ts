import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query';
import { deleteMessage, fetchInboxPage, markMessageRead, sendMessage } from './api';

export function useInbox() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: [...queryKeys.messages, 'inbox'],
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchInboxPage(pageParam, signal);
      // The inbox carries the freshest unread count: the header badge takes it at once rather
      // than at its next poll.
      if (pageParam === null) queryClient.setQueryData(queryKeys.unreadCount, page.unread_count);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Colleagues post at any time: opening the inbox always asks for what is new.
    staleTime: 0,
  });
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
