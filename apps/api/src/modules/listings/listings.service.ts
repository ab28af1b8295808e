import { LANDLORD_LIVE_LISTING_CAP, PHOTOS_MAX, PHOTOS_MIN_TO_PUBLISH } from '@betoch/contracts/constants';
import { englishListingTitle } from '@betoch/contracts/listing-title';
import {
  LISTING_MESSAGES,
  type TCreateListingInput,
  type TMyListingsAnswer,
  type TOwnerListing,
  type TPublishListingAnswer,
  type TUpdateListingInput,
} from '@betoch/contracts/listings';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ListingRow, NewListingRow } from '../../db/schema/listings.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNotSuspended, type AuthUser } from '../auth/authenticate.ts';
import { findUserById, setUserType } from '../users/user-rows.ts';
import { findListingWithPoster, type ListingWithPoster, type PosterInfo } from './listing-with-poster.ts';
import { effectiveStatus } from '../users/user-view.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { attachUploads, lockUploadsByKeys, releaseUploads, toStoredPhoto } from '../uploads/listing-photos.ts';
import { recordListingPublished } from '../../lib/product-events.ts';
import { tintOf } from './card-tint.ts';
import { chargeGoingLive, goingLiveColumns } from './going-live.ts';
import { toOwnerListing } from './listing-view.ts';
import { listingIdOrThrow, managerAccess, notFound } from './listing-access.ts';
import { deleteListing, insertListing, listPosterListings } from './listings.repository.ts';
import { lockListing, lockPoster, updateListing } from './listing-rows.ts';
import { countOpenAsks, favouriteCounts } from './listing-interest.repository.ts';

function posterInfo(user: UserRow): PosterInfo {
  return {
    id: user.id,
    phone: user.phone,
    name: user.name,
    agencyName: user.agencyName,
    userType: user.userType,
    status: user.status,
    suspendedUntil: user.suspendedUntil,
    faydaVerifiedAt: user.faydaVerifiedAt,
    faydaName: user.faydaName,
  };
}

/**
 * The title columns of a create (no `before`) or an edit: generated when asked for
 * (`title_generated: true`), or when the title sent is exactly the English composition of the
 * listing's type, bedrooms and subcity (a suggestion left as it was; migration 0013 marked old rows
 * by the same rule); typed when a title is sent otherwise, or `title_generated: false`. An edit
 * that says nothing of the title keeps a generated one generated, following the new parts.
 */
function titleColumns(
  input: Partial<TCreateListingInput>,
  before?: Pick<ListingRow, 'title' | 'titleGenerated' | 'type' | 'bedrooms' | 'subcity'>,
): Partial<NewListingRow> {
  const type = input.type ?? before?.type;
  const subcity = input.subcity ?? before?.subcity;
  if (type === undefined || subcity === undefined) return {};
  const bedrooms = input.bedrooms !== undefined ? input.bedrooms : (before?.bedrooms ?? null);
  const composed = englishListingTitle({ type, bedrooms, subcity });
  const generated = input.title_generated ?? (input.title !== undefined ? input.title === composed : (before?.titleGenerated ?? false));
  if (generated) return before?.titleGenerated && before.title === composed ? {} : { title: composed, titleGenerated: true };
  const patch: Partial<NewListingRow> = {};
  if (input.title !== undefined) patch.title = input.title;
  if (before?.titleGenerated !== false) patch.titleGenerated = false;
  return patch;
}

/** The editable columns of a create or edit input (the title: titleColumns). */
function columnsOf(input: Partial<TCreateListingInput>, source: NewListingRow['source']): Partial<NewListingRow> {
  const patch: Partial<NewListingRow> = {};
  // Move-in cost. The advance is at most 2 months (Proclamation 1320/2024): the request
  // schema refuses more with the reason, and the database's check refuses it again.
  if (input.advance_months !== undefined) patch.advanceMonths = input.advance_months;
  if (input.deposit_etb !== undefined) patch.depositEtb = input.deposit_etb || null;
  // A broker's fee only for a broker's listing, in ETB or as a share of one month's rent: one of the two.
  if (source === 'delala') {
    if (input.broker_fee_etb !== undefined) {
      patch.brokerFeeEtb = input.broker_fee_etb;
      if (input.broker_fee_etb !== null) patch.brokerFeePercent = null;
    }
    if (input.broker_fee_percent !== undefined && (input.broker_fee_etb === undefined || input.broker_fee_etb === null)) {
      patch.brokerFeePercent = input.broker_fee_percent;
      if (input.broker_fee_percent !== null) patch.brokerFeeEtb = null;
    }
  }
  if (input.description !== undefined) patch.description = input.description;
  if (input.type !== undefined) patch.type = input.type;
  if (input.price_etb !== undefined) patch.priceEtb = input.price_etb;
  if (input.bedrooms !== undefined) patch.bedrooms = input.bedrooms;
  if (input.bathrooms !== undefined) patch.bathrooms = input.bathrooms;
  if (input.area_sqm !== undefined) patch.areaSqm = input.area_sqm;
  if (input.specific_location !== undefined) patch.specificLocation = input.specific_location || null;
  if (input.subcity !== undefined) patch.subcity = input.subcity;
  if (input.contact_preference !== undefined) patch.contactPreference = input.contact_preference;
  return patch;
}

/**
 * The writes of listings (create, edit, publish, delete) and a poster's own list; what everyone
 * reads is in listings-read.service.ts. `afterPublish` runs after a publish has committed (trust and safety's duplicate check); it never
 * fails the publish.
 */
export function createListingsService(ctx: AppContext, urlFor: PhotoUrlFor, afterPublish?: (listingId: string) => Promise<void>) {
  /** Loads the listing for a change by its poster or an admin; 404 for anyone else. */
  async function managed(db: DbOrTx, user: AuthUser, rawId: string): Promise<{ found: ListingWithPoster; access: 'poster' | 'admin' }> {
    const found = await findListingWithPoster(db, listingIdOrThrow(rawId));
    const access = found ? managerAccess(user, found.listing) : null;
    if (!found || !access) throw notFound();
    return { found, access };
  }

  /**
   * Checks an ordered list of upload keys for a listing: each must exist, belong to the poster or
   * the acting user, and be unused or already used by this listing. Answers the photos in order.
   */
  async function photosFor(db: DbOrTx, listing: ListingRow, actorId: string, refs: string[]) {
    const keys = [...new Set(refs)];
    if (keys.length > PHOTOS_MAX) throw new AppError('too_many_photos', undefined, { fields: { photos: LISTING_MESSAGES.tooManyPhotos } });
    const rows = await lockUploadsByKeys(db, keys);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    // Each card's tint is made now, with the photo, not on every browse answer that shows it.
    const tints = await Promise.all(rows.map((r) => tintOf(r.key, r.placeholder)));
    const tintOfKey = new Map(rows.map((r, i) => [r.key, tints[i] ?? null]));
    return keys.map((key) => {
      const row = byKey.get(key);
      const usable = row && (row.ownerId === listing.posterId || row.ownerId === actorId) && (row.listingId === null || row.listingId === listing.id);
      if (!row || !usable) throw new AppError('validation_error', undefined, { fields: { photos: LISTING_MESSAGES.photoKeyInvalid } });
      return { ...toStoredPhoto(row), tint: tintOfKey.get(key) ?? null };
    });
  }

  return {
    /**
     * POST /listings: a draft. The source is the poster's type (a broker posts 'delala', anyone
     * else 'landlord'); a tenant who posts becomes a landlord, in the same transaction.
     */
    async create(user: AuthUser, input: TCreateListingInput): Promise<TOwnerListing> {
      assertNotSuspended(user);
      return ctx.db.transaction(async (tx) => {
        const poster = await lockPoster(tx, user.id);
        if (!poster) throw new AppError('invalid_token');
        if (poster.userType === 'tenant') {
          await setUserType(tx, poster.id, 'landlord');
          poster.userType = 'landlord';
        }
        const now = ctx.now();
        const listing = await insertListing(tx, {
          ...columnsOf(input, poster.userType === 'delala' ? 'delala' : 'landlord'),
          title: input.title,
          ...titleColumns(input),
          description: input.description,
          type: input.type,
          priceEtb: input.price_etb,
          subcity: input.subcity,
          posterId: poster.id,
          source: poster.userType === 'delala' ? 'delala' : 'landlord',
          visibility: 'draft',
          photos: [],
          createdAt: now,
          updatedAt: now,
        });
        return toOwnerListing(listing, posterInfo(poster), 'poster', urlFor);
      });
    },

    /**
     * PATCH /listings/{id}: field edits, the ordered photo list, or visibility 'draft' (mark as
     * rented). Making a draft live goes through publish only.
     */
    async update(user: AuthUser, rawId: string, input: TUpdateListingInput): Promise<TOwnerListing> {
      const id = listingIdOrThrow(rawId);
      return ctx.db.transaction(async (tx) => {
        const { found, access } = await managed(tx, user, id);
        const listing = await lockListing(tx, id);
        if (!listing) throw notFound();
        const changes = Object.entries(input).filter(([, value]) => value !== undefined);
        const onlyUnpublishing = changes.length === 1 && input.visibility === 'draft';
        if (!onlyUnpublishing) assertNotSuspended(user);
        if (input.visibility === 'live' && listing.visibility !== 'live') {
          throw new AppError('invalid_state', 'Publish the listing to make it live.', {
            fields: { visibility: LISTING_MESSAGES.visibilityInvalid },
          });
        }
        const now = ctx.now();
        const patch: Partial<NewListingRow> = { ...columnsOf(input, listing.source), ...titleColumns(input, listing), updatedAt: now };
        if (input.visibility === 'draft') patch.visibility = 'draft';
        // Freshness (modules/freshness): the poster editing a live listing confirms it; marking it
        // rented ends any open question.
        if (listing.visibility === 'live' && input.visibility !== 'draft' && access === 'poster') {
          patch.confirmedAt = now;
          patch.confirmAskedAt = null;
        }
        if (input.visibility === 'draft') patch.confirmAskedAt = null;
        if (input.photos) {
          const photos = await photosFor(tx, listing, user.id, input.photos);
          const staysLive = (patch.visibility ?? listing.visibility) === 'live';
          if (staysLive && photos.length < PHOTOS_MIN_TO_PUBLISH) {
            throw new AppError('not_enough_photos', 'A live listing needs at least one photo.');
          }
          const keys = photos.map((p) => p.key);
          await releaseUploads(tx, id, keys, now);
          await attachUploads(tx, id, keys);
          patch.photos = photos;
        }
        const updated = await updateListing(tx, id, patch);
        // Marked as rented: it left the market (refunds approve the claims waiting on it), in this transaction.
        if (listing.visibility === 'live' && updated.visibility === 'draft')
          await ctx.events.publish(tx, 'listingLeftMarket', { listingId: id, reason: 'rented', at: now });
        return toOwnerListing(updated, found.poster, access, urlFor);
      });
    },

    /**
     * POST /listings/{id}/publish. Under a lock of the poster's user row (so parallel publishes of
     * one poster run one at a time): 1 to 8 photos; no posting block; landlords at most 3 live
     * listings; brokers pay 1 post credit through the ledger in this same transaction, or nothing
     * while their unlimited plan runs. Publishing a live listing again changes nothing.
     */
    async publish(user: AuthUser, rawId: string): Promise<TPublishListingAnswer> {
      const id = listingIdOrThrow(rawId);
      const answer = await ctx.db.transaction(async (tx) => {
        const { found, access } = await managed(tx, user, id);
        assertNotSuspended(user);
        const poster = await lockPoster(tx, found.listing.posterId);
        const listing = await lockListing(tx, id);
        if (!poster || !listing) throw notFound();
        const now = ctx.now();
        if (effectiveStatus(poster, now) !== 'active') throw new AppError('account_suspended');
        if (listing.visibility === 'live') {
          return { ok: true as const, listing: toOwnerListing(listing, posterInfo(poster), access, urlFor) };
        }
        if (listing.visibility === 'expired') {
          throw new AppError('invalid_state', 'Renew an expired listing (POST /listings/{id}/renew).', {
            fields: { visibility: LISTING_MESSAGES.visibilityInvalid },
          });
        }
        if (listing.photos.length < PHOTOS_MIN_TO_PUBLISH) {
          throw new AppError('not_enough_photos', 'Add at least one photo before publishing.');
        }
        if (listing.photos.length > PHOTOS_MAX) throw new AppError('too_many_photos');
        if (poster.postingBlockedReason !== null) {
          throw new AppError('posting_blocked', undefined, { reason: poster.postingBlockedReason });
        }
        const spent = await chargeGoingLive(tx, poster, listing.id, now);
        const credits: { post_credits?: number; covered_by_plan?: boolean } = spent
          ? { post_credits: spent.postCredits, covered_by_plan: spent.coveredByPlan }
          : {};
        const published = await updateListing(tx, id, { ...goingLiveColumns(now), publishedAt: now });
        await recordListingPublished(tx, {
          listingId: id,
          posterId: poster.id,
          source: published.source,
          postCreditSpent: credits.covered_by_plan === false,
          at: now,
        });
        return { ok: true as const, listing: toOwnerListing(published, posterInfo(poster), access, urlFor), ...credits };
      });
      await afterPublish?.(id);
      return answer;
    },

    /** DELETE /listings/{id}: gone for good; its photos start their day of grace. */
    async remove(user: AuthUser, rawId: string): Promise<string> {
      const id = listingIdOrThrow(rawId);
      await ctx.db.transaction(async (tx) => {
        await managed(tx, user, id);
        await lockListing(tx, id);
        await releaseUploads(tx, id, [], ctx.now());
        await deleteListing(tx, id);
      });
      return id;
    },

    /** GET /listings/my-listings: every own listing (drafts too), newest first, and the counts. */
    async mine(user: AuthUser): Promise<Omit<TMyListingsAnswer, 'ok'>> {
      const row = await findUserById(ctx.db, user.id);
      if (!row) throw new AppError('invalid_token');
      const found = posterInfo(row);
      const [rows, openAsks] = await Promise.all([listPosterListings(ctx.db, user.id), countOpenAsks(ctx.db, user.id)]);
      const saved = await favouriteCounts(
        ctx.db,
        rows.map((r) => r.id),
      );
      const live = rows.filter((r) => r.visibility === 'live');
      const landlordLive = live.filter((r) => r.source === 'landlord').length;
      return {
        listings: rows.map((r) => ({
          ...toOwnerListing(r, found, 'poster', urlFor),
          open_asks: r.visibility === 'live' ? (openAsks.get(r.id) ?? 0) : 0,
          saved_count: saved.get(r.id) ?? 0,
        })),
        stats: {
          landlord_live: landlordLive,
          delala_live: live.length - landlordLive,
          live: live.length,
          draft: rows.length - live.length,
          total: rows.length,
          remaining_slots: Math.max(0, LANDLORD_LIVE_LISTING_CAP - landlordLive),
        },
      };
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
