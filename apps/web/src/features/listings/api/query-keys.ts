import { listingKeys as sharedListingKeys } from '@/api/listing-keys';
import type { BrowseFilters } from '../lib/browse-filters';

/** Query keys of the listing calls; everything under 'listings' is refetched after a change. */
export const listingKeys = {
  ...sharedListingKeys,
  /** `start`: the cursor the first page continues after (the URL's, from a 'Show more' link), if any. */
  browse: (filters: BrowseFilters, start?: string) => (start ? (['listings', 'browse', filters, start] as const) : (['listings', 'browse', filters] as const)),
  featured: ['listings', 'featured'] as const,
};
