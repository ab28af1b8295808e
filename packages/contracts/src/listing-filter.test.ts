import { describe, expect, it } from 'vitest';
import { filterConditions, matchesFilter, type FilterableListing } from './listing-filter.ts';

const listing: FilterableListing = {
  typeGroup: 'condo',
  subcity: 'Yeka',
  source: 'landlord',
  priceEtb: 20_000,
  confirmedMs: 1_000,
  posterVerified: false,
  placeText: 'condoinmegenagna',
};

describe('the one filter description', () => {
  it('lists only the filters that are set, unset and "verified: no" being no filter', () => {
    expect(filterConditions({})).toEqual([]);
    expect(filterConditions({ verifiedOnly: false, subcity: undefined })).toEqual([]);
    expect(filterConditions({ priceMax: 5, typeGroup: 'villa' }).map((c) => [c.key, c.field, c.op])).toEqual([
      ['typeGroup', 'typeGroup', 'eq'],
      ['priceMax', 'priceEtb', 'lte'],
    ]);
  });

  it('price bounds are inclusive; never confirmed fails "confirmed since"; verified only wants a verified poster', () => {
    expect(matchesFilter(listing, { priceMin: 20_000, priceMax: 20_000 })).toBe(true);
    expect(matchesFilter(listing, { priceMin: 20_001 })).toBe(false);
    expect(matchesFilter(listing, { confirmedSinceMs: 1_000 })).toBe(true);
    expect(matchesFilter({ ...listing, confirmedMs: null }, { confirmedSinceMs: 0 })).toBe(false);
    expect(matchesFilter(listing, { verifiedOnly: true })).toBe(false);
    expect(matchesFilter({ ...listing, posterVerified: true }, { verifiedOnly: true })).toBe(true);
  });

  it('a place is met by a term inside the place text or by a subcity it names', () => {
    expect(matchesFilter(listing, { place: { terms: ['megenagna'], subcities: [] } })).toBe(true);
    expect(matchesFilter(listing, { place: { terms: ['bole'], subcities: ['Yeka'] } })).toBe(true);
    expect(matchesFilter(listing, { place: { terms: ['bole'], subcities: ['Bole'] } })).toBe(false);
    expect(matchesFilter(listing, { place: { terms: [], subcities: [] } })).toBe(false);
  });
});
