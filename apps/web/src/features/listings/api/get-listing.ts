import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TListing, TListingAnswer } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';
import { listingKeys } from './query-keys';

/** GET /listings/{id}: the poster (and admins) get poster_phone; everyone else the public view. */
export async function getListing(id: string, signal?: AbortSignal): Promise<TListing> {
  const answer = await apiRequest<TListingAnswer>(`/listings/${encodeURIComponent(id)}`, { signal });
  return answer.listing;
}

/**
 * The viewer is part of the key: the poster gets another view of the same listing, so it is
 * fetched again when someone signs in or out.
 */
export function listingQueryOptions(id: string, viewer: string | null) {
  return queryOptions({ queryKey: [...listingKeys.detail(id), viewer ?? 'anonymous'], queryFn: ({ signal }) => getListing(id, signal) });
}

export function useListing(id: string, viewer: string | null) {
  return useQuery(listingQueryOptions(id, viewer));
}
