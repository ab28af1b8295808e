import { updateListing } from '@/api/update-listing';
import { listingKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** PATCH /listings/{id} {visibility: 'draft'}: the owner marks a live listing as rented. */
export async function markListingRented(id: string) {
  const answer = await updateListing(id, { visibility: 'draft' });
  return answer.listing;
}

export function useMarkListingRented() {
  return useReloadingMutation(markListingRented, [listingKeys.all]);
}
