import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateListing } from '@/api/update-listing';
import { listingKeys } from './query-keys';

/** PATCH /listings/{id} {visibility: 'draft'}: the owner marks a live listing as rented. */
export async function markListingRented(id: string) {
  const answer = await updateListing(id, { visibility: 'draft' });
  return answer.listing;
}

export function useMarkListingRented() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markListingRented,
    onSuccess: () => client.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
