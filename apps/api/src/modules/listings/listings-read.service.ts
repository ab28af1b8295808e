import { ZListingAnswer, type TBrowseFilters, type TListing } from '@betoch/contracts/listings';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { isPubliclyVisible } from './listing-visibility.ts';
import { readListingWithPoster } from './listing-with-poster.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { AnswerCache } from './answer-cache.ts';
import { browseFromDatabase, browseFromIndex } from './browse-answer.ts';
import { decodeCursor } from './browse-cursor.ts';
import { browseIndexSync } from './browse-index-sync.ts';
import { listingIdOrThrow, managerAccess, notFound } from './listing-access.ts';
import { toOwnerListing, toPublicListing } from './listing-view.ts';
import { listingsVersion } from './listings-version.ts';
import { prepareAnswer, type PreparedAnswer } from './prepared-answer.ts';

/**
 * The read side of listings: browse and a listing by id, as everyone (or its poster and admins)
 * sees them. The public answers are kept in memory per listings version (./listings-version.ts)
 * and at most a minute (a suspension that ends changes what is shown without a write); browse
 * pages come from the in-memory browse index once it has loaded (./browse-index.ts,
 * docs/listings.md "Browse from memory"). The writes are in listings.service.ts.
 */
const BROWSE_CACHE_PAGES = 1_000;
const DETAIL_CACHE_LISTINGS = 2_000;
const ANSWER_CACHE_TTL_MS = 60_000;

/** What the public sees of a listing id: nothing (not found or hidden) or the listing and its answer. */
interface SeenListing {
  posterId: string | null;
  listing: TListing | null;
  answer: PreparedAnswer | null;
}

export function createListingsReadService(ctx: AppContext, urlFor: PhotoUrlFor) {
  const version = listingsVersion(ctx.database, ctx.log);
  const browseIndex = browseIndexSync(ctx.db, ctx.log);
  const browseCache = new AnswerCache<PreparedAnswer>(BROWSE_CACHE_PAGES, ANSWER_CACHE_TTL_MS);
  // A listing shown to the public stays so until a write (which changes the listings version):
  // time alone only ever brings one back (a suspension that ends), so only answers that hide one
  // expire. Popular listings are then not read again every minute, all at once.
  const detailCache = new AnswerCache<SeenListing>(DETAIL_CACHE_LISTINGS, (seen) => (seen.answer ? Number.POSITIVE_INFINITY : ANSWER_CACHE_TTL_MS));

  /** A listing as the public sees it, from the cache of this listings version, else read. */
  async function seenListing(id: string): Promise<SeenListing> {
    const now = ctx.now();
    return detailCache.get(id, await version.current(), now.getTime(), async () => {
      const found = await readListingWithPoster(ctx.db, id);
      if (!found) return { posterId: null, listing: null, answer: null };
      if (!isPubliclyVisible(found.listing, found.poster, now)) return { posterId: found.listing.posterId, listing: null, answer: null };
      const listing = ZListingAnswer.parse({ ok: true, listing: toPublicListing(found.listing, found.poster, urlFor) }).listing;
      return { posterId: found.listing.posterId, listing, answer: prepareAnswer({ ok: true, listing }) };
    });
  }

  /**
   * GET /listings/{id}: the poster and admins see every listing with its phone; anyone else sees
   * only a live listing that moderation has not hidden, of a poster in good standing, no phone.
   */
  async function getListing(user: AuthUser | null, rawId: string): Promise<TListing> {
    const found = await readListingWithPoster(ctx.db, listingIdOrThrow(rawId));
    if (!found) throw notFound();
    const access = user ? managerAccess(user, found.listing) : null;
    if (access) return toOwnerListing(found.listing, found.poster, access, urlFor);
    if (!isPubliclyVisible(found.listing, found.poster, ctx.now())) throw notFound();
    return toPublicListing(found.listing, found.poster, urlFor);
  }

  return {
    /** The listings version now (every write changes it), null while not known: what a cache of drawn pages is kept for. */
    version: () => version.current(),

    /** Ends the listings version's own connection (PostgreSQL) and the index's reads. */
    close: () => {
      browseIndex.close();
      return version.close();
    },

    /**
     * GET /listings/{id} as sent: the same answers as getListing(), the public one kept in memory
     * per listings version (so a phone's repeat visit costs no query); the poster's and admins'
     * views are made afresh each time and never kept.
     */
    async detailAnswer(user: AuthUser | null, rawId: string): Promise<PreparedAnswer> {
      const id = listingIdOrThrow(rawId);
      const seen = await seenListing(id);
      const access = user && seen.posterId ? managerAccess(user, { posterId: seen.posterId }) : null;
      if (access) return prepareAnswer(ZListingAnswer.parse({ ok: true, listing: await getListing(user, id) }));
      if (!seen.answer) throw notFound();
      return seen.answer;
    },

    /**
     * A listing everyone may see, as they see it (no phone), or null: what another module asks
     * (the fair-price hint), answered from the same cache as GET /listings/{id}.
     */
    async publicListing(rawId: string): Promise<TListing | null> {
      return (await seenListing(listingIdOrThrow(rawId))).listing;
    },

    /**
     * GET /listings: public cards of live listings, newest first, at most 50 a page; the same for
     * everyone, so each page is kept in memory per listings version and filters.
     */
    async browse(filters: TBrowseFilters): Promise<PreparedAnswer> {
      const after = filters.cursor ? decodeCursor(filters.cursor) : undefined;
      if (filters.cursor && !after) throw new AppError('validation_error', undefined, { fields: { cursor: 'Invalid cursor' } });
      const key = JSON.stringify([
        filters.type,
        filters.subcity,
        filters.price_min,
        filters.price_max,
        filters.source,
        filters.q,
        filters.limit,
        filters.cursor,
        filters.confirmed,
        filters.verified,
      ]);
      const now = ctx.now();
      const at = await version.current();
      browseIndex.start();
      return browseCache.get(key, at, now.getTime(), async () => {
        // From memory once the index is loaded and caught up with this version; else from SQL.
        const index = await browseIndex.at(at);
        return index ? browseFromIndex(index, { filters, after, now }) : browseFromDatabase(ctx.db, { filters, after, now });
      });
    },
  };
}

export type ListingsReadService = ReturnType<typeof createListingsReadService>;
