import { queryOptions, useQuery } from '@tanstack/react-query';
import { listingsCalls } from '@betoch/contracts/routes/listings';
import { callApi } from '@/lib/api-client';
import { DRAWN_ON_SERVER } from '@/lib/drawn-on-server';
import { idleQueryResult } from '@/lib/idle-query-result';
import { listingKeys } from './listing-keys';

/** GET /listings/my-listings: every own listing (drafts too) and the counts (landlord_live). */
export function getMyListings(signal?: AbortSignal) {
  return callApi(listingsCalls.myListings, {}, { signal });
}

/** Read again whenever a screen opens: the 3-live-listings banner counts from it. */
export function myListingsQueryOptions() {
  return queryOptions({ queryKey: listingKeys.mine, queryFn: ({ signal }) => getMyListings(signal), staleTime: 0 });
}

function useMyListingsQuery(enabled = true) {
  return useQuery({ ...myListingsQueryOptions(), enabled });
}

/** A session's own listings: never read on the server, which draws for a visitor without one. */
export const useMyListings: typeof useMyListingsQuery = DRAWN_ON_SERVER ? () => idleQueryResult() : useMyListingsQuery;
