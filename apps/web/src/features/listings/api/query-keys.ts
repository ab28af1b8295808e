import { listingKeys as sharedListingKeys } from '@/api/listing-keys';
import type { BrowseFilters } from '../lib/browse-filters';

/** Query keys of the listing calls; everything under 'listings' is refetched after a change. */
export const listingKeys = {
  ...sharedListingKeys,
  browse: (filters: BrowseFilters) => ['listings', 'browse', filters] as const,
  featured: ['listings', 'featured'] as const,
};
