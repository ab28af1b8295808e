import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TBrowseAnswer } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';
import { browseApiQuery, type BrowseFilters } from '../lib/browse-filters';
import { toCardListing, type CardListing } from './card-listing';
import { listingKeys } from './query-keys';

/** One page of browse: the cards as the card component takes them, and the next page's cursor. */
export interface BrowsePage {
  listings: CardListing[];
  next_cursor: string | null;
}

function toBrowsePage(answer: TBrowseAnswer): BrowsePage {
  return { listings: answer.listings.map(toCardListing), next_cursor: answer.next_cursor };
}

/** GET /listings: one page (20) of live listing cards, newest first, and the next page's cursor. */
export async function browseListings(filters: BrowseFilters, cursor?: string, signal?: AbortSignal): Promise<BrowsePage> {
  return toBrowsePage(await apiRequest<TBrowseAnswer>('/listings', { query: browseApiQuery(filters, cursor), signal }));
}

export function browseListingsQueryOptions(filters: BrowseFilters) {
  return infiniteQueryOptions({
    queryKey: listingKeys.browse(filters),
    queryFn: ({ pageParam, signal }) => browseListings(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Asked even when the phone says it is offline: the service worker answers with the last
    // results it kept (docs/offline.md).
    networkMode: 'offlineFirst',
  });
}

export function useBrowseListings(filters: BrowseFilters, enabled: boolean) {
  return useInfiniteQuery({ ...browseListingsQueryOptions(filters), enabled });
}
