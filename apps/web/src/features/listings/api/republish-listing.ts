import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishListing } from '@/api/publish-listing';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { listingKeys } from './query-keys';

/**
 * Publishes again a listing that was marked rented: live again under the same rules as a first
 * publish (3 live for landlords, a post credit or the plan for brokers).
 */
export async function republishListing(id: string) {
  const answer = await publishListing(id);
  // A broker's publish may have used a post credit: the wallet badge refreshes.
  if (answer.post_credits !== undefined) emitAppEvent(APP_EVENTS.walletUpdated);
  return answer;
}

export function useRepublishListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: republishListing,
    onSuccess: () => client.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
