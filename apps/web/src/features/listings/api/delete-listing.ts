import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listingsCalls } from '@betoch/contracts/routes/listings';
import { callApi } from '@/lib/api-client';
import { listingKeys } from './query-keys';

/** DELETE /listings/{id}: the owner removes a listing for good. */
export async function deleteListing(id: string): Promise<string> {
  const answer = await callApi(listingsCalls.deleteListing, { params: { id } });
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
