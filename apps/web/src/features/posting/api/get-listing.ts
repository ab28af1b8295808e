import { queryOptions, useQuery } from '@tanstack/react-query';
import { getListing } from '@/api/get-listing';
import { listingKeys } from '@/api/listing-keys';

/** The listing being edited, in the poster's view, under the listing's own keys. */
export const listingQueryKey = (id: string) => [...listingKeys.detail(id), 'editing'] as const;

function editedListingQueryOptions(id: string) {
  // An edit starts from what the server has now, not from a cached copy.
  return queryOptions({ queryKey: listingQueryKey(id), queryFn: ({ signal }) => getListing(id, signal), staleTime: 0 });
}

export function useListing(id: string | null) {
  return useQuery({ ...editedListingQueryOptions(id ?? ''), enabled: Boolean(id) });
}
