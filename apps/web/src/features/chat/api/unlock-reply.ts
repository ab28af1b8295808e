import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationsCalls } from '@betoch/contracts/routes/conversations';
import { callApi } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { chatKeys } from './query-keys';

/** POST /conversations/{id}/unlock-first-reply: 1 credit (free under the tenant plan). */
export function unlockReply(id: string) {
  return callApi(conversationsCalls.unlockFirstReply, { params: { id } });
}

/** Unlocks the owner's replies; afterwards the thread and inbox are read again and the wallet badge reloads. */
export function useUnlockReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unlockReply(id),
    onSuccess: () => {
      emitAppEvent(APP_EVENTS.walletUpdated);
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.inboxes });
    },
  });
}
