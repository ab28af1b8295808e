import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TListing } from '@betoch/contracts/listings';
import { listingsCalls } from '@betoch/contracts/routes/listings';
import { callApi } from '@/lib/api-client';
import { listingKeys } from './listing-keys';

/** GET /listings/{id}: the poster (and admins) get every field, poster_phone too; everyone else the public view. */
export async function getListing(id: string, signal?: AbortSignal): Promise<TListing> {
  const answer = await callApi(listingsCalls.getListing, { params: { id } }, { signal });
  return answer.listing;
}

/**
 * The viewer is part of the key: the poster gets another view of the same listing, so it is
 * fetched again when someone signs in or out.
 */
export function listingQueryOptions(id: string, viewer: string | null) {
  return queryOptions({
    queryKey: [...listingKeys.detail(id), viewer ?? 'anonymous'],
    // The server draws a visitor's page with these options and hands the answer over with it
    // (entry-server.tsx): the anonymous view's key only.
    queryFn: ({ signal }) => getListing(id, signal),
  });
}

export function useListing(id: string, viewer: string | null) {
  return useQuery({
    ...listingQueryOptions(id, viewer),
    // Signed in on a page the server drew for a visitor: the public view stays on screen while the
    // viewer's own is fetched (no skeleton, and a message being typed is kept). Never the other
    // way: a poster's view is not shown to whoever comes after.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey.at(-1) === 'anonymous' ? previous : undefined),
  });
}
