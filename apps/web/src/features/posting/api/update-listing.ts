import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateListingAnswer, TUpdateListingRequest } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';
import { listingQueryKey } from './get-listing';

/** PATCH /listings/{id}: edits fields, and/or sets the ordered photo keys (first = primary). */
export function updateListing(id: string, body: TUpdateListingRequest): Promise<TUpdateListingAnswer> {
  return apiRequest<TUpdateListingAnswer>(`/listings/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateListingRequest }) => updateListing(id, body),
    onSuccess: (answer) => client.setQueryData(listingQueryKey(answer.listing._id), answer.listing),
  });
}
