import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessagesAnswer } from '@betoch/contracts/conversations';
import { conversationsCalls } from '@betoch/contracts/routes/conversations';
import { callApi } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { chatKeys } from './query-keys';

/** POST /conversations/{id}/reply {body}: the message as its writer sees it. */
export function sendReply(id: string, body: string) {
  return callApi(conversationsCalls.reply, { params: { id }, body: { body } });
}

/**
 * Sends a message in the open thread: the answer is added to the thread at once, the thread and
 * the inbox are asked again, and `messageReceived` fires.
 */
export function useSendReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendReply(id, body),
    onSuccess: (answer) => {
      queryClient.setQueryData<TMessagesAnswer>(chatKeys.thread(id), (thread) =>
        thread && !thread.messages.some((m) => m._id === answer.message._id) ? { ...thread, messages: [...thread.messages, answer.message] } : thread,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.inboxes });
      emitAppEvent(APP_EVENTS.messageReceived);
    },
  });
}
