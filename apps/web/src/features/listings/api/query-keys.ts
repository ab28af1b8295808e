import type { BrowseFilters } from '../lib/browse-filters';

/** Query keys of the listing calls; everything under 'listings' is refetched after a change. */
export const listingKeys = {
  all: ['listings'] as const,
  browse: (filters: BrowseFilters) => ['listings', 'browse', filters] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
  mine: ['listings', 'mine'] as const,
  featured: ['listings', 'featured'] as const,
};
