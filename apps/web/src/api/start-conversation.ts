import { useMutation } from '@tanstack/react-query';
import { conversationsCalls } from '@betoch/contracts/routes/conversations';
import { callApi } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';

export interface StartConversationInput {
  listingId: string;
  /** The trimmed, non-empty message. */
  message: string;
}

/**
 * POST /conversations {listing_id, initial_message}: the tenant's conversation about the listing
 * (created, or the one they already have), with the message added. Free. Afterwards
 * messageReceived fires: the unread badge and the inbox refresh.
 */
export async function startConversation(input: StartConversationInput) {
  const answer = await callApi(conversationsCalls.startConversation, {
    body: { listing_id: input.listingId, initial_message: input.message },
  });
  emitAppEvent(APP_EVENTS.messageReceived);
  return answer;
}

export function useStartConversation() {
  return useMutation({ mutationFn: startConversation });
}
