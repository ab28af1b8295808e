import type { TBrowseFilters } from '@betoch/contracts/listings';
import { ZBrowseAnswer, type TBrowseAnswer } from '@betoch/contracts/listings';
import { CONFIRMED_RECENTLY_MS } from '@betoch/contracts/freshness-rules';
import type { ListingFilter } from '@betoch/contracts/listing-filter';
import type { DbOrTx } from '../../db/client.ts';
import { typeGroupOf } from '@betoch/contracts/constants';
import type { BrowseIndex } from './browse-index.ts';
import { encodeCursor } from './browse-cursor.ts';
import { coverTint } from './card-tint.ts';
import { toListingCard } from './listing-view.ts';
import { browseListings } from './listings.repository.ts';
import { expandPlaceQuery } from './place-search.ts';
import { prepareAnswer, prepareJson, type PreparedAnswer } from './prepared-answer.ts';

/**
 * One page of GET /listings, made two ways with the same answer to the byte: from the in-memory
 * browse index (./browse-index.ts) once it is loaded, else from SQL (listings.repository.ts).
 * `after` is the decoded cursor.
 */
export interface BrowseQuestion {
  filters: TBrowseFilters;
  after: { publishedAt: Date; id: string } | undefined;
  now: Date;
}

/**
 * The browse query's filters as the one filter description (@betoch/contracts/listing-filter):
 * what SQL, the in-memory index and a saved search apply alike.
 */
export function listingFilterOf(filters: TBrowseFilters, now: Date): ListingFilter {
  return {
    typeGroup: filters.type ? typeGroupOf(filters.type) : undefined,
    subcity: filters.subcity,
    source: filters.source,
    priceMin: filters.price_min,
    priceMax: filters.price_max,
    confirmedSinceMs: filters.confirmed ? now.getTime() - CONFIRMED_RECENTLY_MS : undefined,
    verifiedOnly: filters.verified === '1',
    place: filters.q ? (expandPlaceQuery(filters.q) ?? undefined) : undefined,
  };
}

/** The cursor after the page's last listing when more follow (`limit` + 1 were looked for). */
function nextCursor<T>(found: T[], limit: number, publishedAt: (e: T) => Date | null, idOf: (e: T) => string): string | null {
  if (found.length <= limit) return null;
  const last = found[limit - 1]!;
  const at = publishedAt(last);
  return at ? encodeCursor(at, idOf(last)) : null;
}

export function browseFromIndex(index: BrowseIndex, question: BrowseQuestion): PreparedAnswer {
  const { filters, after, now } = question;
  const found = index.page(
    listingFilterOf(filters, now),
    { after: after ? { publishedMs: after.publishedAt.getTime(), id: after.id } : undefined, limit: filters.limit + 1 },
    now.getTime(),
  );
  const cards = found.slice(0, filters.limit).map((slot) => index.cardOf(slot));
  const next = nextCursor(
    found,
    filters.limit,
    (slot) => {
      const ms = index.publishedMsOf(slot);
      return Number.isFinite(ms) ? new Date(ms) : null;
    },
    (slot) => index.idOf(slot),
  );
  // ZBrowseAnswer's keys in its order, the cards as ZListingCard wrote them when they were indexed.
  return prepareJson(`{"ok":true,"listings":[${cards.join(',')}],"next_cursor":${JSON.stringify(next)}}`);
}

export async function browseFromDatabase(db: DbOrTx, question: BrowseQuestion): Promise<PreparedAnswer> {
  const { filters, after, now } = question;
  const rows = await browseListings(db, { ...listingFilterOf(filters, now), after, limit: filters.limit + 1 }, now);
  const page = rows.slice(0, filters.limit);
  const tints = await Promise.all(page.map((r) => coverTint(r.coverPhoto)));
  const answer: TBrowseAnswer = {
    ok: true,
    listings: page.map((r, i) => toListingCard(r, tints[i] ?? null)),
    next_cursor: nextCursor(
      rows,
      filters.limit,
      (r) => r.publishedAt,
      (r) => r.id,
    ),
  };
  return prepareAnswer(ZBrowseAnswer.parse(answer));
}
