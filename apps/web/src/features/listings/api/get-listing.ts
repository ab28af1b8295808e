import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TListing, TListingAnswer } from '@betoch/contracts/listings';
import { apiRequest, buildUrl } from '@/lib/api-client';
import { takeFirstAnswer } from '@/lib/first-answer';
import { listingKeys } from './query-keys';

function listingPath(id: string): string {
  return `/listings/${encodeURIComponent(id)}`;
}

/** GET /listings/{id}: the poster (and admins) get poster_phone; everyone else the public view. */
export async function getListing(id: string, signal?: AbortSignal): Promise<TListing> {
  const answer = await apiRequest<TListingAnswer>(listingPath(id), { signal });
  return answer.listing;
}

/**
 * The viewer is part of the key: the poster gets another view of the same listing, so it is
 * fetched again when someone signs in or out.
 */
export function listingQueryOptions(id: string, viewer: string | null) {
  return queryOptions({
    queryKey: [...listingKeys.detail(id), viewer ?? 'anonymous'],
    queryFn: ({ signal }) => getListing(id, signal),
    // The public view as the server wrote it into the page it sent, when it did (lib/first-answer.ts).
    // Asked for everyone, so the page's answer leaves the DOM; only a visitor without a session gets it.
    initialData: () => {
      const first = takeFirstAnswer<TListingAnswer>(buildUrl(listingPath(id)));
      return viewer === null ? first?.listing : undefined;
    },
  });
}

export function useListing(id: string, viewer: string | null) {
  return useQuery(listingQueryOptions(id, viewer));
}
