import { useQuery } from '@tanstack/react-query';
import { UNREAD_REFRESH_MS } from '@betoch/contracts/constants';
import { conversationsCalls } from '@betoch/contracts/routes/conversations';
import { callApi } from '@/lib/api-client';
import { chatKeys } from './query-keys';

/** GET /conversations/unread-count: unread messages over all the viewer's conversations. */
export function getUnreadCount(signal?: AbortSignal) {
  return callApi(conversationsCalls.unreadCount, {}, { signal });
}

/** The Messages badge's count, asked every 30 s while signed in. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled,
    staleTime: 0,
    refetchInterval: UNREAD_REFRESH_MS,
    // Signed out and back in as someone else: never show the last account's count.
    gcTime: 0,
  });
}
