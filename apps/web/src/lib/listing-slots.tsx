import { Suspense, type ComponentType } from 'react';
import { WhenHydrated } from './when-hydrated';

export interface ListingHeartProps {
  listingId: string;
  /** 'card': an icon in a card's corner; 'detail': a labelled button on /l/{id}. */
  variant: 'card' | 'detail';
}

/**
 * What other features draw on the listings' screens: a feature never imports another, so the app
 * fills these in at start (app/listing-slots.ts). Each is a lazily loaded component, so the pages
 * that show them carry none of its code in their first load. Empty on the server.
 */
export const listingSlots: { Heart?: ComponentType<ListingHeartProps> } = {};

/**
 * The favourite heart of a listing, drawn once hydrated (the server's page has no user), nothing
 * while its code loads.
 */
export function ListingHeart(props: ListingHeartProps) {
  const { Heart } = listingSlots;
  if (!Heart) return null;
  return (
    <WhenHydrated>
      <Suspense fallback={null}>
        <Heart {...props} />
      </Suspense>
    </WhenHydrated>
  );
}
