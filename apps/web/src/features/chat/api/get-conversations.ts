import { useQuery } from '@tanstack/react-query';
import { conversationsCalls } from '@betoch/contracts/routes/conversations';
import { callApi } from '@/lib/api-client';
import { chatKeys } from './query-keys';

/** GET /conversations, optionally of one listing: the viewer's conversations, latest activity first. */
export function getConversations(listingId: string | undefined, signal?: AbortSignal) {
  return callApi(conversationsCalls.listConversations, { query: { listing_id: listingId } }, { signal });
}

/** Asked again each time the inbox opens: unread counts change while the user is elsewhere. */
export function useConversations(listingId: string | undefined) {
  return useQuery({
    queryKey: chatKeys.inbox(listingId),
    queryFn: ({ signal }) => getConversations(listingId, signal),
    refetchOnMount: 'always',
  });
}
