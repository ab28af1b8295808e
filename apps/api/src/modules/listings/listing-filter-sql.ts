import { eq, gte, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LISTING_FILTER, filterConditions, type FilterCondition, type FilterKey, type ListingFilter } from '@betoch/contracts/listing-filter';
import { listings } from '../../db/schema/listings.ts';
import { placeGramsOf } from './place-search.ts';

/**
 * The browse filters of the contracts' one description (@betoch/contracts/listing-filter) in SQL:
 * `filterSql` for browse (a value asked against a listing's column) and `savedSearchMatchSql` for
 * alerts (a saved search's column against a listing's column, each unset one no filter). Both
 * render each operator here, once.
 */

/** The listing columns the filters read: of the listings table, an alias of it, or a subquery's. */
export interface FilterColumns {
  typeGroup: AnyPgColumn | SQLWrapper;
  subcity: AnyPgColumn | SQLWrapper;
  source: AnyPgColumn | SQLWrapper;
  priceEtb: AnyPgColumn | SQLWrapper;
  confirmedAt: AnyPgColumn | SQLWrapper;
  posterVerified: AnyPgColumn | SQLWrapper;
  placeText: AnyPgColumn | SQLWrapper;
  /** place_grams (migration 0020): when given, a term is first looked up by its pieces there. */
  placeGrams?: AnyPgColumn | SQLWrapper;
}

type ListingsTable = Record<'typeGroup' | 'subcity' | 'source' | 'priceEtb' | 'confirmedAt' | 'posterVerified' | 'placeText' | 'placeGrams', AnyPgColumn>;

/** The columns of the listings table (or an alias of it), the place index included. */
export function filterColumnsOf(table: ListingsTable = listings): FilterColumns {
  const { typeGroup, subcity, source, priceEtb, confirmedAt, posterVerified, placeText, placeGrams } = table;
  return { typeGroup, subcity, source, priceEtb, confirmedAt, posterVerified, placeText, placeGrams };
}

function columnOf(columns: FilterColumns, condition: FilterCondition): AnyPgColumn | SQLWrapper {
  return condition.field === 'confirmedMs' ? columns.confirmedAt : columns[condition.field];
}

/**
 * A term inside a text, literally: LIKE '%term%' with LIKE's own characters escaped (the fold
 * drops them from every term today, so this is a guard). LIKE rather than strpos because the
 * planner estimates a LIKE pattern from the column's statistics, which the browse plans rely on.
 */
function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The same for a term held in SQL (a saved search's stored terms). */
function likeContainsSql(term: SQL): SQL {
  return sql`'%' || replace(replace(replace(${term}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}

/** Every filter set in `filter`, one condition each. */
export function filterSql(filter: ListingFilter, columns: FilterColumns = filterColumnsOf()): SQL[] {
  return filterConditions(filter).map((condition): SQL => {
    const column = columnOf(columns, condition);
    switch (condition.op) {
      case 'eq':
        return eq(column, condition.value);
      case 'gte':
        return gte(column, condition.field === 'confirmedMs' ? new Date(condition.value) : condition.value);
      case 'lte':
        return lte(column, condition.value);
      case 'isTrue':
        return eq(column, true);
      case 'placeMatches': {
        const matches: SQL[] = condition.value.terms.map((term) => {
          const like = sql`${column} LIKE ${likeContains(term)}`;
          const pieces = placeGramsOf(term);
          if (!columns.placeGrams || !pieces.length) return like;
          return sql`(${columns.placeGrams} @> ARRAY[${sql.join(
            pieces.map((p) => sql`${p}`),
            sql`, `,
          )}]::text[] AND ${like})`;
        });
        if (condition.value.subcities.length) matches.push(inArray(columns.subcity, [...condition.value.subcities]));
        return or(...matches) ?? sql`false`;
      }
    }
  });
}

/**
 * Where a saved search keeps each filter (saved_searches, migration 0015); null: a saved search
 * does not keep it (the product saves type, subcity, source, price and place).
 */
const SAVED_SEARCH_COLUMNS = {
  typeGroup: 'type_group',
  subcity: 'subcity',
  source: 'source',
  priceMin: 'price_min',
  priceMax: 'price_max',
  confirmedSinceMs: null,
  verifiedOnly: null,
  place: { terms: 'place_terms', subcities: 'place_subcities' },
} as const satisfies Record<FilterKey, string | { terms: string; subcities: string } | null>;

/**
 * When the listing of `columns` meets saved search `s` (an alias in the caller's FROM): each filter
 * the search keeps is either unset (NULL) or met, as filterSql applies it.
 */
export function savedSearchMatchSql(columns: FilterColumns, s = 's'): SQL {
  const parts: SQL[] = [];
  for (const key of Object.keys(SAVED_SEARCH_COLUMNS) as FilterKey[]) {
    const stored: string | { terms: string; subcities: string } | null = SAVED_SEARCH_COLUMNS[key];
    if (stored === null) continue;
    const { field, op } = LISTING_FILTER[key];
    const column = field === 'confirmedMs' ? columns.confirmedAt : columns[field];
    if (op === 'placeMatches' || typeof stored !== 'string') {
      if (op !== 'placeMatches' || typeof stored === 'string') throw new Error(`saved searches: ${key} is kept in the wrong shape`);
      const terms = sql.raw(`${s}.${stored.terms}`);
      const subcities = sql.raw(`${s}.${stored.subcities}`);
      parts.push(
        sql`(${terms} IS NULL OR ${columns.subcity} = ANY (${subcities}) OR EXISTS (SELECT 1 FROM unnest(${terms}) AS term WHERE ${column} LIKE ${likeContainsSql(sql`term`)}))`,
      );
      continue;
    }
    const value = sql.raw(`${s}.${stored}`);
    const met = { eq: sql`${column} = ${value}`, gte: sql`${column} >= ${value}`, lte: sql`${column} <= ${value}`, isTrue: sql`${column}` }[op];
    // Unset is no filter; so is false for a yes/no filter.
    parts.push(op === 'isTrue' ? sql`(${value} IS NOT TRUE OR ${met})` : sql`(${value} IS NULL OR ${met})`);
  }
  return sql.join(parts, sql` AND `);
}
