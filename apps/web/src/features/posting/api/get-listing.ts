import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TListing, TListingAnswer } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';

export const listingQueryKey = (id: string) => ['posting', 'listing', id] as const;

/** GET /listings/{id}: the poster gets every field (access 'poster'), photos included. */
export async function getListing(id: string): Promise<TListing> {
  const answer = await apiRequest<TListingAnswer>(`/listings/${encodeURIComponent(id)}`);
  return answer.listing;
}

export function listingQueryOptions(id: string) {
  // An edit starts from what the server has now, not from a cached copy.
  return queryOptions({ queryKey: listingQueryKey(id), queryFn: () => getListing(id), staleTime: 0 });
}

export function useListing(id: string | null) {
  return useQuery({ ...listingQueryOptions(id ?? ''), enabled: Boolean(id) });
}
