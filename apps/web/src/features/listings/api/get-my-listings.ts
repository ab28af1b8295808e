import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyListingsAnswer } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';
import { listingKeys } from './query-keys';

/** GET /listings/my-listings: every own listing (drafts too) and the counts (landlord_live). */
export function getMyListings(signal?: AbortSignal): Promise<TMyListingsAnswer> {
  return apiRequest<TMyListingsAnswer>('/listings/my-listings', { signal });
}

export function myListingsQueryOptions() {
  return queryOptions({ queryKey: listingKeys.mine, queryFn: ({ signal }) => getMyListings(signal) });
}

export function useMyListings(enabled = true) {
  return useQuery({ ...myListingsQueryOptions(), enabled });
}
