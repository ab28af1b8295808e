import { conversationsCalls } from '@betoch/contracts/routes/conversations';
import { callApi } from '@/lib/api-client';
import { useBadgeCount } from '@/lib/use-badge-count';
import { chatKeys } from './query-keys';

/** GET /conversations/unread-count: unread messages over all the viewer's conversations. */
export function getUnreadCount(signal?: AbortSignal) {
  return callApi(conversationsCalls.unreadCount, {}, { signal });
}

/** The Messages badge's count, asked every 30 s while signed in. */
export function useUnreadCount(enabled: boolean) {
  return useBadgeCount(chatKeys.unread, getUnreadCount, enabled);
}
