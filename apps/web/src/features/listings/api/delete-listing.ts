import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeleteListingAnswer } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';
import { listingKeys } from './query-keys';

/** DELETE /listings/{id}: the owner removes a listing for good. */
export async function deleteListing(id: string): Promise<string> {
  const answer = await apiRequest<TDeleteListingAnswer>(`/listings/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return answer._id;
}

export function useDeleteListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: (id) => {
      client.removeQueries({ queryKey: listingKeys.detail(id) });
      return client.invalidateQueries({ queryKey: listingKeys.all });
    },
  });
}
