import { describe, expect, it } from 'vitest';
import { effectiveUserType, formatDate, isListingOwner, listingFacts, typeKey } from './listing-display';

describe('listingFacts', () => {
  it('lists type, bedrooms, bathrooms and area in that order', () => {
    expect(listingFacts({ type: 'apartment', bedrooms: 2, bathrooms: 1, area_sqm: 80 })).toEqual([
      { kind: 'type', type: 'apartment' },
      { kind: 'bedrooms', count: 2 },
      { kind: 'bathrooms', count: 1 },
      { kind: 'area', sqm: 80 },
    ]);
  });

  it('shows 0 bedrooms as a studio', () => {
    expect(listingFacts({ type: 'apartment', bedrooms: 0, bathrooms: null, area_sqm: null })).toEqual([
      { kind: 'type', type: 'apartment' },
      { kind: 'studio' },
    ]);
  });

  it('says studio once when the type is already studio', () => {
    expect(listingFacts({ type: 'studio', bedrooms: 0, bathrooms: 1, area_sqm: 30 }).map((f) => f.kind)).toEqual(['type', 'bathrooms', 'area']);
  });

  it('leaves out facts the poster did not give', () => {
    expect(listingFacts({ type: 'villa', bedrooms: null, bathrooms: null, area_sqm: null })).toEqual([{ kind: 'type', type: 'villa' }]);
  });

  it('names condo and condominium the same way', () => {
    expect(typeKey('condo')).toBe('condominium');
    expect(typeKey('condominium')).toBe('condominium');
    expect(typeKey('house')).toBe('house');
  });
});

describe('isListingOwner', () => {
  const me = { phone: '+251911000020', sub: '+251911000020' };

  it('is the signed-in user whose phone is the listing poster_phone', () => {
    expect(isListingOwner({ poster_phone: '+251911000020' }, me)).toBe(true);
  });

  it('is nobody else, signed out, or on a listing without poster_phone (the public view)', () => {
    expect(isListingOwner({ poster_phone: '+251911999999' }, me)).toBe(false);
    expect(isListingOwner({ poster_phone: '+251911000020' }, null)).toBe(false);
    expect(isListingOwner({}, me)).toBe(false);
  });
});

describe('effectiveUserType', () => {
  it('takes the stored type first, then the account type, and none when signed out', () => {
    expect(effectiveUserType('landlord', { userType: 'tenant' })).toBe('landlord');
    expect(effectiveUserType(null, { userType: 'delala' })).toBe('delala');
    expect(effectiveUserType('landlord', null)).toBeNull();
  });
});

describe('formatDate', () => {
  it('writes the date in the interface language', () => {
    expect(formatDate('2026-11-22T10:00:00Z', 'en')).toBe('November 22, 2026');
    // The Ethiopian calendar in Amharic: 22 November 2026 is 13 Hidar 2019.
    expect(formatDate('2026-11-22T10:00:00Z', 'am')).toBe('13 ኅዳር 2019 ዓ.ም.');
    expect(formatDate('2026-11-22T10:00:00Z', 'am')).not.toMatch(/November/);
  });

  it('shows nothing for a broken date', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
