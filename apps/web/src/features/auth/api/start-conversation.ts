import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';

export interface StartConversationInput {
  listingId: string;
  message: string;
}

interface StartConversationAnswer {
  ok: true;
  conversation_id: string;
}

/** POST /conversations: sends the message a visitor wrote before signing up. */
export async function startConversation(input: StartConversationInput): Promise<string> {
  const answer = await apiRequest<StartConversationAnswer>('/conversations', {
    method: 'POST',
    body: { listing_id: input.listingId, initial_message: input.message },
  });
  emitAppEvent(APP_EVENTS.messageReceived);
  return answer.conversation_id;
}

export function useStartConversation() {
  return useMutation({ mutationFn: startConversation });
}
