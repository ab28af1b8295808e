import {
  LISTING_SOURCES,
  normalizeSubcity,
  PROPERTY_TYPES_OFFERED,
  type ListingSource,
  type PropertyTypeOffered,
  type Subcity,
} from '@betoch/contracts/constants';

/**
 * The filters a saved search keeps, read from /browse's URL query (the same names as the API's:
 * type, subcity, price_min, price_max, source, q). Unknown or malformed values are left out.
 */
export interface SearchFilters {
  type?: PropertyTypeOffered;
  subcity?: Subcity;
  price_min?: number;
  price_max?: number;
  source?: ListingSource;
  q?: string;
}

function price(raw: string | null): number | undefined {
  const digits = (raw ?? '').replace(/[,\s]/g, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : undefined;
}

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

export function filtersFromQuery(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = {};
  const type = oneOf(PROPERTY_TYPES_OFFERED, params.get('type'));
  if (type) filters.type = type;
  const subcity = normalizeSubcity(params.get('subcity') ?? '');
  if (subcity) filters.subcity = subcity;
  const min = price(params.get('price_min'));
  if (min !== undefined) filters.price_min = min;
  const max = price(params.get('price_max'));
  if (max !== undefined) filters.price_max = max;
  const source = oneOf(LISTING_SOURCES, params.get('source'));
  if (source) filters.source = source;
  const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  if (q) filters.q = q;
  return filters;
}

/** The /browse address of a saved search's filters. */
export function browseQueryOf(filters: Partial<Record<keyof SearchFilters, string | number>>): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'source', 'type', 'subcity', 'price_min', 'price_max'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
