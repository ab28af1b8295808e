import type { TOwnerListing } from '@betoch/contracts/listings';

/** A listing as its poster reads it (a broker's draft in Bole), for the posting tests; change what a test is about. */
export function ownerListing(over: Partial<TOwnerListing> = {}): TOwnerListing {
  return {
    _id: 'l1',
    title: 'Apartment in Bole',
    title_generated: true,
    description: 'Second floor, water all day.',
    type: 'apartment',
    price_etb: 18000,
    bedrooms: 2,
    bathrooms: 1,
    area_sqm: 80,
    specific_location: 'Near Edna Mall',
    subcity: 'Bole',
    source: 'delala',
    contact_preference: 'hide',
    visibility: 'draft',
    photos: [],
    posted_by: { name: 'Dawit', agency_name: null, is_broker: true },
    published_at: null,
    confirmed_at: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    advance_months: null,
    deposit_etb: null,
    broker_fee_etb: null,
    broker_fee_percent: null,
    access: 'poster',
    poster_phone: '+251911000000',
    admin_hidden: false,
    hidden_reason: null,
    confirm_asked_at: null,
    expired_at: null,
    expired_reason: null,
    ...over,
  };
}
