import { lazy } from 'react';
import { listingSlots } from '@/lib/listing-slots';

/** Fills in the features' parts on the listings' screens (lib/listing-slots.tsx); each loads when first drawn. */
export function fillListingSlots(): void {
  listingSlots.Heart = lazy(async () => ({ default: (await import('@/features/favourites/components/favourite-heart')).FavouriteHeart }));
}
