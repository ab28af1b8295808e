import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useHydrating } from './hydration';

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
 * The favourite heart of a listing, drawn once hydrated (the server's page has no user); before,
 * and while its code loads, `fallback` (a visitor's 'Save' link to sign-in on /l/{id}, drawn by
 * the server, so it works before the app has started and without JavaScript).
 */
export function ListingHeart({ fallback = null, ...props }: ListingHeartProps & { fallback?: ReactNode }) {
  const hydrating = useHydrating();
  const { Heart } = listingSlots;
  if (!Heart || hydrating) return fallback;
  return (
    <Suspense fallback={fallback}>
      <Heart {...props} />
    </Suspense>
  );
}
