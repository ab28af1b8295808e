import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPublishListingAnswer } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { listingKeys } from './query-keys';

/**
 * POST /listings/{id}/publish for a listing that was marked rented: live again under the same
 * rules as a first publish (3 live for landlords, a post credit or the plan for brokers).
 */
export async function republishListing(id: string): Promise<TPublishListingAnswer> {
  const answer = await apiRequest<TPublishListingAnswer>(`/listings/${encodeURIComponent(id)}/publish`, { method: 'POST' });
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
