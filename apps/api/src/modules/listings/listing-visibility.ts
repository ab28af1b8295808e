import { and, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { listings, type ListingRow } from '../../db/schema/listings.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { effectiveStatus } from '../users/user-view.ts';

/*
 * The one rule of who may see a listing: everyone may see it when it is live, moderation has not
 * hidden it, and its poster is in good standing (neither banned nor suspended at `now`). Any other
 * listing only its poster and admins see; to everyone else it does not exist (404).
 *
 * Two forms of the same rule: `isPubliclyVisible` on a listing read with its poster
 * (listing-with-poster.ts), and `publiclyVisibleConditions` in SQL, which reads the poster's
 * standing from the listing row's poster_blocked_until (kept by triggers, migration 0007) so that
 * browse, the sitemap, favourites, fair prices and alerts filter one table. Its two halves have
 * their twins too: `isOnMarket` / `onMarketConditions` (what the browse index loads and keeps,
 * live-listings.repository.ts, browse-index-sync.ts) and `posterInGoodStandingMs` (what the index
 * tests at each page, browse-index.ts, as the SQL's poster_blocked_until <= now).
 */

/** On the market: live and not hidden by moderation (the rule but the poster's standing). */
export function isOnMarket(listing: Pick<ListingRow, 'visibility' | 'adminHidden'>): boolean {
  return listing.visibility === 'live' && !listing.adminHidden;
}

/**
 * The poster's standing as the listing row keeps it (poster_blocked_until, in ms; -Infinity or
 * null: never held back): in good standing when the hold has ended by `nowMs`.
 */
export function posterInGoodStandingMs(blockedUntilMs: number | null, nowMs: number): boolean {
  return blockedUntilMs === null || blockedUntilMs <= nowMs;
}

/** Everyone may see it (the poster's standing from the poster's own row). */
export function isPubliclyVisible(
  listing: Pick<ListingRow, 'visibility' | 'adminHidden'>,
  poster: Pick<UserRow, 'status' | 'suspendedUntil'>,
  now: Date,
): boolean {
  return isOnMarket(listing) && effectiveStatus(poster, now) === 'active';
}

/** The listings table, or an alias of it (`alias(listings, 'l')`) in a query that names it so. */
type ListingsTable = Record<'visibility' | 'adminHidden' | 'posterBlockedUntil', AnyPgColumn>;

/** isOnMarket in SQL. */
export function onMarketConditions(table: Pick<ListingsTable, 'visibility' | 'adminHidden'> = listings): SQL[] {
  return [eq(table.visibility, 'live'), eq(table.adminHidden, false)];
}

/** The whole rule in SQL, one condition each, for a WHERE that adds its own. */
export function publiclyVisibleConditions(now: Date, table: ListingsTable = listings): SQL[] {
  return [...onMarketConditions(table), or(isNull(table.posterBlockedUntil), lte(table.posterBlockedUntil, now))!];
}

/** The same rule in SQL as one condition (a column or a join condition). */
export function publiclyVisible(now: Date, table: ListingsTable = listings): SQL {
  return and(...publiclyVisibleConditions(now, table))!;
}
