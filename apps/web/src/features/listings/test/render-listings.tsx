import type { TBrowseAnswer, TCardPhoto, TListingCard, TMyListing } from '@betoch/contracts/listings';
import { fakeUser, renderApp } from '@/test/render';
import { HOME, ownerListing } from '@/test/listings';

/** The listings screens render with the shared renderApp of src/test. */
export const renderListings = renderApp;

/** A browse card's short photo as GET /listings answers it (key, widths, tint). */
export const cardPhoto = (key: string): TCardPhoto => ({ key, width: 640, height: 427, widths: [320, 640], tint: '8a97b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1' });

/** A browse card as GET /listings answers it. */
export function card(overrides: Partial<TListingCard> = {}): TListingCard {
  return {
    ...HOME,
    photos: [cardPhoto('p1')],
    photo_count: 3,
    ...overrides,
  };
}

export function browseAnswer(listings: TListingCard[], nextCursor: string | null = null): TBrowseAnswer {
  return { ok: true, listings, next_cursor: nextCursor };
}

/** One of the poster's own listings as GET /listings/my-listings answers it. */
export function myListing(overrides: Partial<TMyListing> = {}): TMyListing {
  return { ...ownerListing(), saved_count: 0, ...overrides };
}

export { fakeUser };
