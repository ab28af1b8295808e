/**
 * Query keys of the listing calls several features make: everything under 'listings' is asked
 * again after a change to a listing, whichever feature made it.
 */
export const listingKeys = {
  all: ['listings'] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
  mine: ['listings', 'mine'] as const,
};
