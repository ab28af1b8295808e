import { publishListing } from '@/api/publish-listing';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { listingKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

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
  return useReloadingMutation(republishListing, [listingKeys.all]);
}
