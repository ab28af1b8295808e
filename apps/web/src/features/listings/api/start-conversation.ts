import { useMutation } from '@tanstack/react-query';
import type { TStartConversationAnswer, TStartConversationRequest } from '@betoch/contracts/conversations';
import { apiRequest } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';

export interface StartConversationInput {
  listingId: string;
  /** The trimmed, non-empty message. */
  message: string;
}

/**
 * POST /conversations {listing_id, initial_message}: the tenant's conversation about the listing
 * (created, or the one they already have), with the message added. Free.
 */
export function startConversation(input: StartConversationInput): Promise<TStartConversationAnswer> {
  const body: TStartConversationRequest = { listing_id: input.listingId, initial_message: input.message };
  return apiRequest<TStartConversationAnswer>('/conversations', { method: 'POST', body });
}

/** After a send, messageReceived fires (spec section 4): the unread badge and the inbox refresh. */
export function useStartConversation() {
  return useMutation({
    mutationFn: startConversation,
    onSuccess: () => emitAppEvent(APP_EVENTS.messageReceived),
  });
}
