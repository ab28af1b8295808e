import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { TBrowseAnswer } from '@betoch/contracts/listings';
import { listingsCalls } from '@betoch/contracts/routes/listings';
import { callApi, urlOf } from '@/lib/api-client';
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

/**
 * The call of one page of browse. The query keeps each page as the call answered it, so a page
 * drawn on the server carries the answer itself, which the service worker keeps for offline
 * (ssr-state.ts browseAnswerOf); the cards are made from it when read (`select`).
 */
export function browseListingsUrl(filters: BrowseFilters, cursor?: string): string {
  return urlOf(listingsCalls.browse, { query: browseApiQuery(filters, cursor) });
}

/** GET /listings: one page (20) of live listings, newest first, and the next page's cursor, as answered. */
export async function browseListings(filters: BrowseFilters, cursor?: string, signal?: AbortSignal): Promise<TBrowseAnswer> {
  return callApi(listingsCalls.browse, { query: browseApiQuery(filters, cursor) }, { signal });
}

/** `start`: the cursor the first page continues after (from the URL), if any. */
export function browseListingsQueryOptions(filters: BrowseFilters, start?: string) {
  return infiniteQueryOptions({
    queryKey: listingKeys.browse(filters, start),
    queryFn: ({ pageParam, signal }) => browseListings(filters, pageParam, signal),
    initialPageParam: start,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Asked even when the phone says it is offline: the service worker answers with the last
    // results it kept (docs/offline.md).
    networkMode: 'offlineFirst',
  });
}

/** The pages as cards (one function, so the cards are made once per answer). */
function toBrowsePages(data: InfiniteData<TBrowseAnswer, string | undefined>): InfiniteData<BrowsePage, string | undefined> {
  return { pages: data.pages.map(toBrowsePage), pageParams: data.pageParams };
}

export function useBrowseListings(filters: BrowseFilters, enabled: boolean, start?: string) {
  return useInfiniteQuery({ ...browseListingsQueryOptions(filters, start), select: toBrowsePages, enabled });
}
