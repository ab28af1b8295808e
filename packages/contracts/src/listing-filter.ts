/**
 * The one description of the browse filters (type, subcity, source, price bounds, place,
 * confirmed recently, verified posters only): each filter a field of the listing, an operator and
 * the value asked. Browse in SQL (apps/api listings.repository.ts), browse in memory
 * (browse-index.ts) and saved-search alert matching (saved-searches.repository.ts) are each built
 * from `filterConditions`, with a switch over every key, so a filter added here does not compile
 * until all three apply it; `matchesFilter` is its meaning, which a property test holds the three
 * to (apps/api test/listings/browse-index.test.ts).
 */

/** A place search expanded (apps/api place-search.ts): folded terms, and the subcities it names. */
export interface PlaceFilter {
  terms: readonly string[];
  subcities: readonly string[];
}

/** The filters a browse page, or a saved search, asks for; each unset one is no filter. */
export interface ListingFilter {
  /** The type group (`typeGroupOf`: condominium is condo). */
  typeGroup?: string;
  subcity?: string;
  source?: string;
  priceMin?: number;
  priceMax?: number;
  /** Confirmed available at or after this time (ms): 'confirmed in the last 7 days'. */
  confirmedSinceMs?: number;
  /** 'Verified posters only' (verified with Fayda); false is no filter. */
  verifiedOnly?: boolean;
  place?: PlaceFilter;
}

/** What the filters read of a listing. */
export interface FilterableListing {
  typeGroup: string;
  subcity: string;
  source: string;
  priceEtb: number;
  /** ms; null: never confirmed (fails every 'confirmed since', as NULL does in SQL). */
  confirmedMs: number | null;
  posterVerified: boolean;
  /** The folded place text (the masked title and specific location). */
  placeText: string;
}

/**
 * Each filter: the listing field it reads and how. `place` is met when the place text contains
 * one of the terms (literally: LIKE '%term%' with the term's wildcards escaped, in SQL) or the
 * listing is in one of the subcities the place names.
 */
export const LISTING_FILTER = {
  typeGroup: { field: 'typeGroup', op: 'eq' },
  subcity: { field: 'subcity', op: 'eq' },
  source: { field: 'source', op: 'eq' },
  priceMin: { field: 'priceEtb', op: 'gte' },
  priceMax: { field: 'priceEtb', op: 'lte' },
  confirmedSinceMs: { field: 'confirmedMs', op: 'gte' },
  verifiedOnly: { field: 'posterVerified', op: 'isTrue' },
  place: { field: 'placeText', op: 'placeMatches' },
} as const satisfies Record<keyof ListingFilter, { field: keyof FilterableListing; op: string }>;

export type FilterKey = keyof typeof LISTING_FILTER;

/** One filter that is set: its key, what it reads, how, and the value asked. */
export type FilterCondition = {
  [K in FilterKey]: { key: K; value: NonNullable<ListingFilter[K]> } & (typeof LISTING_FILTER)[K];
}[FilterKey];

const KEYS = Object.keys(LISTING_FILTER) as FilterKey[];

/** The filters that are set, in LISTING_FILTER's order. */
export function filterConditions(filter: ListingFilter): FilterCondition[] {
  const conditions: FilterCondition[] = [];
  for (const key of KEYS) {
    const value = filter[key];
    if (value === undefined || value === false) continue;
    conditions.push({ key, value, ...LISTING_FILTER[key] } as FilterCondition);
  }
  return conditions;
}

/** Whether a listing meets one condition: the meaning each rendering must keep. */
export function meetsCondition(listing: FilterableListing, condition: FilterCondition): boolean {
  switch (condition.op) {
    case 'eq':
      return listing[condition.field] === condition.value;
    case 'gte': {
      const value = listing[condition.field];
      return value !== null && value >= condition.value;
    }
    case 'lte':
      return listing[condition.field] <= condition.value;
    case 'isTrue':
      return listing[condition.field];
    case 'placeMatches':
      return condition.value.terms.some((term) => listing.placeText.includes(term)) || condition.value.subcities.includes(listing.subcity);
  }
}

/** Whether a listing meets every filter set. */
export function matchesFilter(listing: FilterableListing, filter: ListingFilter): boolean {
  return filterConditions(filter).every((condition) => meetsCondition(listing, condition));
}
