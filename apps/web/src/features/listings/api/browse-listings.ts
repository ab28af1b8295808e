import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TBrowseAnswer } from '@betoch/contracts/listings';
import { apiRequest } from '@/lib/api-client';
import { browseApiQuery, type BrowseFilters } from '../lib/browse-filters';
import { listingKeys } from './query-keys';

/** GET /listings: one page (20) of live listing cards, newest first, and the next page's cursor. */
export function browseListings(filters: BrowseFilters, cursor?: string, signal?: AbortSignal): Promise<TBrowseAnswer> {
  return apiRequest<TBrowseAnswer>('/listings', { query: browseApiQuery(filters, cursor), signal });
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
