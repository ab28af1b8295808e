import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyListingsAnswer } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';

export const myListingsQueryKey = ['posting', 'my-listings'] as const;

/** GET /listings/my-listings: own listings and the stats (landlord_live) the 3-listing banner reads. */
export function getMyListings(): Promise<TMyListingsAnswer> {
  return apiRequest<TMyListingsAnswer>('/listings/my-listings');
}

export function myListingsQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: myListingsQueryKey, queryFn: getMyListings, enabled, staleTime: 0 });
}

export function useMyListings(enabled: boolean) {
  return useQuery(myListingsQueryOptions(enabled));
}
