import type { TOwnerListing } from '@betoch/contracts/listings';
import { ownerListing } from '@/test/listings';

/** A broker's draft in Bole as its poster reads it, for the posting tests; change what a test is about. */
export function brokerDraft(over: Partial<TOwnerListing> = {}): TOwnerListing {
  return ownerListing({
    _id: 'l1',
    title: 'Apartment in Bole',
    title_generated: true,
    description: 'Second floor, water all day.',
    price_etb: 18000,
    area_sqm: 80,
    specific_location: 'Near Edna Mall',
    source: 'delala',
    contact_preference: 'hide',
    visibility: 'draft',
    photos: [],
    posted_by: { name: 'Dawit', agency_name: null, is_broker: true },
    published_at: null,
    confirmed_at: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    poster_phone: '+251911000000',
    ...over,
  });
}
