import {
  BROWSE_PAGE_SIZE,
  BROWSE_QUERY_MAX_LENGTH,
  LISTING_SOURCES,
  normalizeSubcity,
  PROPERTY_TYPES_OFFERED,
  type ListingSource,
  type ListingType,
  type PropertyTypeOffered,
  type Subcity,
} from '@betoch/contracts/constants';

/** The /browse filters, as they live in the page's URL query. */
export interface BrowseFilters {
  /** Place search: a subcity, neighbourhood or landmark, in Ge'ez or Latin letters. */
  q?: string;
  source?: ListingSource;
  type?: PropertyTypeOffered;
  subcity?: Subcity;
  priceMin?: number;
  priceMax?: number;
  /** '7': only listings confirmed available in the last 7 days. */
  confirmed?: '7';
  /** '1': 'Verified posters only' (verified with Fayda). */
  verified?: '1';
}

/** URL query names: the same as the API's, so a shared link reads like the call it makes. */
export const FILTER_PARAMS = {
  q: 'q',
  source: 'source',
  type: 'type',
  subcity: 'subcity',
  priceMin: 'price_min',
  priceMax: 'price_max',
  confirmed: 'confirmed',
  verified: 'verified',
} as const satisfies Record<keyof BrowseFilters, string>;

/** '15,000', ' 15000 ' -> 15000; anything that is not a whole non-negative amount -> undefined. */
export function parsePrice(raw: string | null | undefined): number | undefined {
  if (raw === null || raw === undefined) return undefined;
  const digits = raw.replace(/[,\s]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  return Number(digits);
}

/** The place search text: spaces squeezed, at most 60 characters; blank -> undefined. */
export function parsePlace(raw: string | null | undefined): string | undefined {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, BROWSE_QUERY_MAX_LENGTH).trim();
  return text === '' ? undefined : text;
}

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

/** Reads the filters from a URL query; unknown or malformed values are ignored, not guessed. */
export function filtersFromSearch(params: URLSearchParams): BrowseFilters {
  const filters: BrowseFilters = {};
  const q = parsePlace(params.get(FILTER_PARAMS.q));
  if (q) filters.q = q;
  const source = oneOf(LISTING_SOURCES, params.get(FILTER_PARAMS.source));
  if (source) filters.source = source;
  const type = oneOf(PROPERTY_TYPES_OFFERED, params.get(FILTER_PARAMS.type));
  if (type) filters.type = type;
  const subcityRaw = params.get(FILTER_PARAMS.subcity);
  const subcity = subcityRaw ? normalizeSubcity(subcityRaw) : undefined;
  if (subcity) filters.subcity = subcity;
  const priceMin = parsePrice(params.get(FILTER_PARAMS.priceMin));
  if (priceMin !== undefined) filters.priceMin = priceMin;
  const priceMax = parsePrice(params.get(FILTER_PARAMS.priceMax));
  if (priceMax !== undefined) filters.priceMax = priceMax;
  if (params.get(FILTER_PARAMS.confirmed) === '7') filters.confirmed = '7';
  if (params.get(FILTER_PARAMS.verified) === '1') filters.verified = '1';
  return filters;
}

/** The URL query for a set of filters, in a fixed order, without empty values. */
export function filtersToSearch(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(FILTER_PARAMS) as (keyof BrowseFilters)[]) {
    const value = filters[key];
    if (value !== undefined) params.set(FILTER_PARAMS[key], String(value));
  }
  return params;
}

/**
 * Where a page of results starts: the URL's `cursor` (the API's name, its next_cursor), which the
 * 'Show more homes' link carries for a phone without JavaScript. Not a filter: changing a filter
 * starts from the newest again. A value no cursor could have is ignored.
 */
const START_PARAM = 'cursor';

export function startFromSearch(params: URLSearchParams): string | undefined {
  const cursor = params.get(START_PARAM);
  return cursor && /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? cursor : undefined;
}

/** The URL query of the same filters starting after a page (its next_cursor). */
export function searchFrom(filters: BrowseFilters, cursor: string): URLSearchParams {
  const params = filtersToSearch(filters);
  params.set(START_PARAM, cursor);
  return params;
}

export function hasActiveFilters(filters: BrowseFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined);
}

/** A minimum above the maximum finds nothing: the page says so on the field. */
export function priceRangeInverted(filters: BrowseFilters): boolean {
  return filters.priceMin !== undefined && filters.priceMax !== undefined && filters.priceMin > filters.priceMax;
}

/**
 * The GET /listings query: visibility live, the filters, limit 20; undefined
 * values are left out by the API client.
 */
export function browseApiQuery(filters: BrowseFilters, cursor?: string) {
  return {
    visibility: 'live',
    q: filters.q,
    type: filters.type,
    subcity: filters.subcity,
    price_min: filters.priceMin,
    price_max: filters.priceMax,
    source: filters.source,
    confirmed: filters.confirmed,
    verified: filters.verified,
    limit: BROWSE_PAGE_SIZE,
    cursor,
  };
}

/** Types a tenant takes for the same home (the server filters condo and condominium together). */
const TYPE_SYNONYMS: Partial<Record<ListingType, readonly ListingType[]>> = {
  condo: ['condo', 'condominium'],
  condominium: ['condo', 'condominium'],
};

/**
 * Landlords see their own listings filtered here in the browser, by the same
 * rules the server applies to everyone else's: type (with synonyms), subcity and the price range.
 * The source, 'confirmed in the last 7 days' and 'Verified posters only' filters are hidden for landlords, so they are not applied.
 */
export function matchesFilters(
  listing: { type: ListingType; subcity: string; price_etb: number; title?: string; specific_location?: string | null },
  filters: BrowseFilters,
): boolean {
  if (filters.q) {
    // A landlord's own few listings: the words in the title, location or subcity, any case and
    // spacing (the server's place search also knows the other script's spellings).
    const squeeze = (s: string) => s.toLowerCase().replace(/\s+/g, '');
    const text = squeeze(`${listing.title ?? ''} ${listing.specific_location ?? ''} ${listing.subcity}`);
    if (!text.includes(squeeze(filters.q))) return false;
  }
  if (filters.type) {
    const accepted = TYPE_SYNONYMS[filters.type] ?? [filters.type];
    if (!accepted.includes(listing.type)) return false;
  }
  if (filters.subcity && normalizeSubcity(listing.subcity) !== filters.subcity) return false;
  if (filters.priceMin !== undefined && listing.price_etb < filters.priceMin) return false;
  if (filters.priceMax !== undefined && listing.price_etb > filters.priceMax) return false;
  return true;
}
