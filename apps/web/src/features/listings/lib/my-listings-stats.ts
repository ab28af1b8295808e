import { LANDLORD_LIVE_LISTING_CAP } from '@betoch/contracts/constants';

interface OwnListing {
  visibility: 'live' | 'draft' | 'expired';
  published_at: string | null;
}

export interface MyListingsStats {
  live: number;
  /** Published at least once (live now, or rented and back to draft). */
  published: number;
  /** 3 minus the landlord's live listings, at least 0. */
  remainingSlots: number;
  /** The landlord has 3 live listings: the limit banner shows. */
  atLimit: boolean;
}

export function myListingsStats(listings: readonly OwnListing[], landlordLive: number): MyListingsStats {
  return {
    live: listings.filter((l) => l.visibility === 'live').length,
    published: listings.filter((l) => l.published_at !== null).length,
    remainingSlots: Math.max(0, LANDLORD_LIVE_LISTING_CAP - landlordLive),
    atLimit: landlordLive >= LANDLORD_LIVE_LISTING_CAP,
  };
}

/** The user-type detection: landlord when the own listings show landlord_live above 0 or a landlord listing. */
export function looksLikeLandlord(answer: { listings: readonly { source: string }[]; stats: { landlord_live: number } }): boolean {
  return answer.stats.landlord_live > 0 || answer.listings.some((l) => l.source === 'landlord');
}
