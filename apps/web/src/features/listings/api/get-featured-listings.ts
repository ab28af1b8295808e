import { queryOptions, useQuery } from '@tanstack/react-query';
import { pickFeatured } from '../lib/featured';
import { browseListings } from './browse-listings';
import { toCardListing, type CardListing } from './card-listing';
import { listingKeys } from './query-keys';

/** /tenant/welcome: 20 live listings fetched, shuffled, 3 kept (spec section 2). */
export async function getFeaturedListings(signal?: AbortSignal): Promise<CardListing[]> {
  const page = await browseListings({}, undefined, signal);
  return pickFeatured(page.listings).map(toCardListing);
}

export function featuredListingsQueryOptions() {
  // The pick is made once per fetch, so the strip does not reshuffle on every render.
  return queryOptions({ queryKey: listingKeys.featured, queryFn: ({ signal }) => getFeaturedListings(signal), staleTime: 5 * 60_000 });
}

export function useFeaturedListings() {
  return useQuery(featuredListingsQueryOptions());
}
