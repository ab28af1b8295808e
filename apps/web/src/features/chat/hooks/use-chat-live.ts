import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { chatKeys } from '../api/query-keys';
import { useRealtime } from './use-realtime';

/**
 * Keeps chat screens current from the event stream: a `message` event asks the inbox again, and
 * the open thread when it is that conversation's. Answers whether the stream is connected (when
 * it is not, screens poll).
 */
export function useChatLive(openConversationId?: string): boolean {
  const session = useSession();
  const queryClient = useQueryClient();
  return useRealtime(session.isAuthenticated ? session.token : null, {
    onMessage: (conversationId) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.inboxes });
      if (conversationId === openConversationId) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.thread(conversationId) });
      }
    },
  });
}
