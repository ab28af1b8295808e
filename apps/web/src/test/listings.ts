import type { TOwnerListing, TPublicListing } from '@betoch/contracts/listings';

/** The listings the web tests draw: one home, as a visitor and as its poster read it. */

const photo = (key: string) => ({
  url: `/media/${key}/640.webp`,
  key,
  width: 640,
  height: 427,
  sizes: [
    { width: 320, height: 213, url: `/media/${key}/320.webp` },
    { width: 640, height: 427, url: `/media/${key}/640.webp` },
  ],
  placeholder: 'data:image/webp;base64,AAAA',
});

/** The home every card and detail answer here describes unless a test says otherwise. */
export const HOME = {
  _id: '11111111-1111-4111-8111-111111111111',
  title: '2-Bedroom Apartment near Edna Mall',
  type: 'apartment',
  price_etb: 25000,
  bedrooms: 2,
  bathrooms: 1,
  area_sqm: 90,
  specific_location: 'Edna Mall',
  subcity: 'Bole',
  source: 'landlord',
} as const;

/** GET /listings/{id} as a visitor sees it (no poster_phone). */
export function publicListing(overrides: Partial<TPublicListing> = {}): TPublicListing {
  return {
    ...HOME,
    title_generated: false,
    description: 'Bright apartment with a balcony. Water tank and a guard.',
    contact_preference: 'show',
    visibility: 'live',
    photos: [photo('p1'), photo('p2'), photo('p3'), photo('p4'), photo('p5'), photo('p6'), photo('p7')],
    posted_by: { name: 'Abebe Kebede', agency_name: null, is_broker: false },
    published_at: '2026-11-20T08:00:00.000Z',
    confirmed_at: '2026-11-20T08:00:00.000Z',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-21T08:00:00.000Z',
    advance_months: null,
    deposit_etb: null,
    broker_fee_etb: null,
    broker_fee_percent: null,
    access: 'public',
    ...overrides,
  };
}

/** GET /listings/{id} or my-listings as the poster sees it. */
export function ownerListing(overrides: Partial<TOwnerListing> = {}): TOwnerListing {
  const { access: _access, ...base } = publicListing();
  return {
    ...base,
    access: 'poster',
    poster_phone: '+251911000020',
    admin_hidden: false,
    hidden_reason: null,
    confirm_asked_at: null,
    expired_at: null,
    expired_reason: null,
    ...overrides,
  };
}
