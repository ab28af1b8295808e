import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LISTING_SOURCES, PROPERTY_TYPES_OFFERED, SUBCITIES } from '@betoch/contracts/constants';
import {
  browseApiQuery,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  matchesFilters,
  parsePrice,
  priceRangeInverted,
  type BrowseFilters,
} from './browse-filters';

describe('parsePrice', () => {
  it('reads birr amounts as people type them', () => {
    expect(parsePrice('15000')).toBe(15000);
    expect(parsePrice('15,000')).toBe(15000);
    expect(parsePrice(' 15 000 ')).toBe(15000);
    expect(parsePrice('0')).toBe(0);
  });

  it('leaves out what is not a whole non-negative amount', () => {
    for (const raw of ['', '  ', '-5', '12.5', 'abc', '1e5', '15k', null, undefined]) expect(parsePrice(raw)).toBeUndefined();
  });
});

describe('filters in the URL query', () => {
  it('reads every filter under the API names', () => {
    const filters = filtersFromSearch(new URLSearchParams('source=delala&type=villa&subcity=Bole&price_min=5000&price_max=20,000'));
    expect(filters).toEqual({ source: 'delala', type: 'villa', subcity: 'Bole', priceMin: 5000, priceMax: 20000 });
  });

  it('takes other spellings of a subcity and answers the canonical name', () => {
    expect(filtersFromSearch(new URLSearchParams('subcity=nifas silk lafto')).subcity).toBe('Nefas Silk-Lafto');
    expect(filtersFromSearch(new URLSearchParams('subcity=BOLE')).subcity).toBe('Bole');
  });

  it('ignores unknown or malformed values instead of guessing', () => {
    expect(filtersFromSearch(new URLSearchParams('source=agent&type=castle&subcity=Paris&price_min=cheap&price_max=-1&foo=bar'))).toEqual({});
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(filtersFromSearch(new URLSearchParams({ source: name, type: name, subcity: name })), name).toEqual({});
    }
  });

  it('writes only the filters that are set, in a fixed order', () => {
    expect(filtersToSearch({ priceMax: 20000, subcity: 'Yeka' }).toString()).toBe('subcity=Yeka&price_max=20000');
    expect(filtersToSearch({}).toString()).toBe('');
  });

  it('gives back the same filters after a trip through the URL (Back and shared links)', () => {
    const filters = fc.record(
      {
        source: fc.constantFrom(...LISTING_SOURCES),
        type: fc.constantFrom(...PROPERTY_TYPES_OFFERED),
        subcity: fc.constantFrom(...SUBCITIES),
        priceMin: fc.integer({ min: 0, max: 999_999_999 }),
        priceMax: fc.integer({ min: 0, max: 999_999_999 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(filters, (f: BrowseFilters) => {
        const url = `?${filtersToSearch(f).toString()}`;
        expect(filtersFromSearch(new URLSearchParams(url))).toEqual(f);
      }),
    );
  });

  it('says when any filter is active', () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ priceMin: 0 })).toBe(true);
  });

  it('spots a minimum above the maximum', () => {
    expect(priceRangeInverted({ priceMin: 20000, priceMax: 10000 })).toBe(true);
    expect(priceRangeInverted({ priceMin: 10000, priceMax: 10000 })).toBe(false);
    expect(priceRangeInverted({ priceMin: 20000 })).toBe(false);
  });
});

describe('browseApiQuery', () => {
  it('asks for live listings, 20 at a time, with the filters under the API names', () => {
    expect(browseApiQuery({ type: 'condominium', subcity: 'Arada', priceMin: 1, priceMax: 2, source: 'landlord' }, 'c1')).toEqual({
      visibility: 'live',
      type: 'condominium',
      subcity: 'Arada',
      price_min: 1,
      price_max: 2,
      source: 'landlord',
      limit: 20,
      cursor: 'c1',
    });
  });
});

describe('matchesFilters (landlords filter their own listings in the browser)', () => {
  const home = { type: 'condo' as const, subcity: 'Bole', price_etb: 15000 };

  it('keeps everything without filters', () => {
    expect(matchesFilters(home, {})).toBe(true);
  });

  it('finds condo and condominium under either name, like the server', () => {
    expect(matchesFilters(home, { type: 'condominium' })).toBe(true);
    expect(matchesFilters({ ...home, type: 'condominium' }, { type: 'condominium' })).toBe(true);
    expect(matchesFilters(home, { type: 'apartment' })).toBe(false);
  });

  it('filters by subcity', () => {
    expect(matchesFilters(home, { subcity: 'Bole' })).toBe(true);
    expect(matchesFilters(home, { subcity: 'Yeka' })).toBe(false);
  });

  it('keeps prices inside the range, both ends included', () => {
    expect(matchesFilters(home, { priceMin: 15000, priceMax: 15000 })).toBe(true);
    expect(matchesFilters(home, { priceMin: 15001 })).toBe(false);
    expect(matchesFilters(home, { priceMax: 14999 })).toBe(false);
  });

  it('does not apply the source filter, which landlords do not have', () => {
    expect(matchesFilters(home, { source: 'delala' })).toBe(true);
  });
});

describe('the place search q', () => {
  it('reads q from the URL, squeezed and at most 60 characters, and writes it first', () => {
    expect(filtersFromSearch(new URLSearchParams('q=%20%20Sar%20%20Bet%20')).q).toBe('Sar Bet');
    expect(filtersFromSearch(new URLSearchParams('q=%E1%89%A6%E1%88%8C')).q).toBe('ቦሌ');
    expect(filtersFromSearch(new URLSearchParams('q=%20%20')).q).toBeUndefined();
    expect(filtersFromSearch(new URLSearchParams(`q=${'x'.repeat(80)}`)).q).toHaveLength(60);
    expect(filtersToSearch({ q: 'መገናኛ', subcity: 'Yeka' }).toString()).toBe('q=%E1%88%98%E1%8C%88%E1%8A%93%E1%8A%9B&subcity=Yeka');
    expect(hasActiveFilters({ q: 'Bole' })).toBe(true);
  });

  it('sends q to the browse call', () => {
    expect(browseApiQuery({ q: 'Piassa' })).toMatchObject({ q: 'Piassa', visibility: 'live' });
    expect(browseApiQuery({}).q).toBeUndefined();
  });

  it("filters a landlord's own listings by the words of their title, location or subcity", () => {
    const home = { type: 'apartment' as const, subcity: 'Yeka', price_etb: 20000, title: 'Flat near Megenagna', specific_location: 'Behind Zefmesh' };
    expect(matchesFilters(home, { q: 'megenagna' })).toBe(true);
    expect(matchesFilters(home, { q: 'zef mesh' })).toBe(true);
    expect(matchesFilters(home, { q: 'Yeka' })).toBe(true);
    expect(matchesFilters(home, { q: 'Piassa' })).toBe(false);
  });
});
