import type { TListing } from '@betoch/contracts/listings';

/** Who answers for a listing: a broker for a broker's (delala) listing, else the owner. */
export type PosterKind = 'owner' | 'broker';

export function posterKindOf(listing: Pick<TListing, 'source'>): PosterKind {
  return listing.source === 'delala' ? 'broker' : 'owner';
}
