import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateListingAnswer } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';
import { listingKeys } from './query-keys';

/** PATCH /listings/{id} {visibility: 'draft'}: the owner marks a live listing as rented. */
export async function markListingRented(id: string): Promise<TUpdateListingAnswer['listing']> {
  const answer = await apiRequest<TUpdateListingAnswer>(`/listings/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { visibility: 'draft' },
  });
  return answer.listing;
}

export function useMarkListingRented() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markListingRented,
    onSuccess: () => client.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
