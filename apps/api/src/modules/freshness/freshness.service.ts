import {
  CONFIRM_ASK_AFTER_MS,
  CONFIRM_LINK_MS,
  EXPIRE_AFTER_MS,
  FREE_RENEW_MS,
  TENANT_ASK_ANSWER_MS,
  TENANT_ASKS_TO_EXPIRE,
} from '@betoch/contracts/freshness-rules';
import type { ConfirmAnswer, TAskAvailabilityAnswer, TConfirmLinkAnswer, TFreshnessAnswer, TRenewListingAnswer } from '@betoch/contracts/freshness';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { ListingRow } from '../../db/schema/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { assertNotSuspended, type AuthUser } from '../auth/authenticate.ts';
import { SmsDeliveryError } from '../auth/sms/sms-sender.ts';
import { isPubliclyVisible } from '../listings/listing-visibility.ts';
import { findListingWithPoster } from '../listings/listing-with-poster.ts';
import { lockListing, lockPoster, updateListing } from '../listings/listing-rows.ts';
import { chargeGoingLive, goingLiveColumns } from '../listings/going-live.ts';
import { listingIdOrThrow, notFound, requireListingManager } from '../listings/listing-access.ts';
import { effectiveStatus } from '../users/user-view.ts';
import { hashConfirmToken, newConfirmToken } from './confirm-token.ts';
import { confirmLink, confirmQuestionSms } from './freshness-sms.ts';
import {
  deleteExpiredTokens,
  findAsk,
  findUsableToken,
  insertAsk,
  insertConfirmToken,
  listDueForAskExpiry,
  listDueForExpiry,
  listDueForQuestion,
  markQuestionSent,
  setConfirmed,
  setExpired,
  useToken,
} from './freshness.repository.ts';

export type ExpiryReason = 'unconfirmed' | 'tenant_asks';

/**
 * THE way a listing expires (30 days unconfirmed, or tenants' asks left unanswered): out of the live
 * set, in the caller's transaction, which 'listingLeftMarket' (lib/domain-events.ts) then runs in.
 * Answers the row, or undefined when it was not live (nothing changed, nothing published).
 */
export async function expireListing(events: DomainEvents, tx: Tx, listingId: string, now: Date, reason: ExpiryReason): Promise<ListingRow | undefined> {
  const expired = await setExpired(tx, listingId, now, reason);
  if (expired) await events.publish(tx, 'listingLeftMarket', { listingId, reason: 'expired', at: now });
  return expired;
}

/** The poster's 'Rented' answer: as marking it rented on the listing (visibility 'draft'). */
async function markListingRented(events: DomainEvents, tx: Tx, listingId: string, now: Date): Promise<ListingRow> {
  const rented = await updateListing(tx, listingId, { visibility: 'draft', confirmAskedAt: null, updatedAt: now });
  await events.publish(tx, 'listingLeftMarket', { listingId, reason: 'rented', at: now });
  return rented;
}

function linkInvalid(): AppError {
  return new AppError('confirm_link_invalid', 'This link has expired or was already used. Sign in to answer.');
}

function freshnessAnswer(row: ListingRow): TFreshnessAnswer {
  return { ok: true, _id: row.id, visibility: row.visibility, confirmed_at: row.confirmedAt?.toISOString() ?? null };
}

/** Another way to put the question to a poster (Telegram): true when it went that way instead of SMS. */
export type AskPosterElsewhere = (posterId: string, listing: { id: string; title: string }, token: string) => Promise<boolean>;

export function createFreshnessService(ctx: AppContext, askElsewhere?: AskPosterElsewhere) {
  /** Loads a listing its poster (or an admin) manages; 404 for anyone else. */
  async function managed(db: DbOrTx, user: AuthUser, rawId: string) {
    return requireListingManager(user, await findListingWithPoster(db, listingIdOrThrow(rawId)));
  }

  /** 'Yes, still available' or 'Rented', from the app or from a link; the listing is locked. */
  async function applyAnswer(tx: Tx, listing: ListingRow, answer: ConfirmAnswer, now: Date): Promise<ListingRow> {
    if (answer === 'rented') {
      if (listing.visibility === 'draft') return listing;
      return markListingRented(ctx.events, tx, listing.id, now);
    }
    if (listing.visibility !== 'live') {
      throw new AppError('invalid_state', 'Only a live listing can be confirmed; renew an expired one.');
    }
    const row = await setConfirmed(tx, listing.id, now);
    if (!row) throw notFound();
    return row;
  }

  /** A new single-use link for the listing, and the SMS that carries it to the poster. */
  async function sendQuestion(listing: { id: string; title: string; posterId: string }, phone: string, now: Date): Promise<boolean> {
    const token = newConfirmToken();
    await insertConfirmToken(ctx.db, hashConfirmToken(token), listing.id, now, new Date(now.getTime() + CONFIRM_LINK_MS));
    // A poster who linked Telegram is asked there, with buttons, and no SMS is paid for.
    if (askElsewhere && (await askElsewhere(listing.posterId, { id: listing.id, title: listing.title }, token))) return true;
    try {
      await ctx.sms.send(phone, confirmQuestionSms(listing.title, confirmLink(ctx.env.publicUrl, token)));
      return true;
    } catch (error) {
      if (!(error instanceof SmsDeliveryError)) throw error;
      // The question stays in the app (my-listings); the log names the listing, never the link.
      ctx.log.warn({ listing: listing.id, err: error.message }, 'freshness: question SMS not delivered');
      return false;
    }
  }

  return {
    /** POST /listings/{id}/confirm: the poster's answer in the app ('Still available' or 'Rented'). */
    async confirm(user: AuthUser, rawId: string, answer: ConfirmAnswer): Promise<TFreshnessAnswer> {
      const id = listingIdOrThrow(rawId);
      const row = await ctx.db.transaction(async (tx) => {
        await managed(tx, user, id);
        const listing = await lockListing(tx, id);
        if (!listing) throw notFound();
        return applyAnswer(tx, listing, answer, ctx.now());
      });
      return freshnessAnswer(row);
    },

    /**
     * POST /listings/{id}/renew: an expired listing live again, confirmed now. Landlords within
     * their 3 live listings; a broker renews free within 7 days of expiry (the listing keeps its
     * place), later it is a new post: 1 post credit (or the plan), published now.
     */
    async renew(user: AuthUser, rawId: string): Promise<TRenewListingAnswer> {
      const id = listingIdOrThrow(rawId);
      return ctx.db.transaction(async (tx) => {
        const found = await managed(tx, user, id);
        assertNotSuspended(user);
        const poster = await lockPoster(tx, found.listing.posterId);
        const listing = await lockListing(tx, id);
        if (!poster || !listing) throw notFound();
        const now = ctx.now();
        if (effectiveStatus(poster, now) !== 'active') throw new AppError('account_suspended');
        if (listing.visibility !== 'expired' || !listing.expiredAt) {
          throw new AppError('invalid_state', 'Only an expired listing can be renewed.');
        }
        if (poster.postingBlockedReason !== null) throw new AppError('posting_blocked', undefined, { reason: poster.postingBlockedReason });
        const withinFreeDays = now.getTime() - listing.expiredAt.getTime() <= FREE_RENEW_MS;
        const spent = await chargeGoingLive(tx, poster, listing.id, now, withinFreeDays);
        const row = await updateListing(tx, id, { ...goingLiveColumns(now), ...(withinFreeDays ? {} : { publishedAt: now }) });
        return {
          ok: true as const,
          _id: row.id,
          visibility: 'live' as const,
          confirmed_at: now.toISOString(),
          post_credit_spent: spent !== null && !spent.coveredByPlan,
          ...(spent ? { post_credits: spent.postCredits } : {}),
        };
      });
    },

    /** GET /confirm-links/{token}: the listing the link is for, while the link answers. */
    async peekLink(token: string): Promise<TConfirmLinkAnswer> {
      const row = await findUsableToken(ctx.db, hashConfirmToken(token), ctx.now());
      if (!row) throw linkInvalid();
      const found = await findListingWithPoster(ctx.db, row.listingId);
      if (!found) throw linkInvalid();
      const l = found.listing;
      return {
        ok: true,
        listing: {
          _id: l.id,
          title: l.title,
          title_generated: l.titleGenerated,
          type: l.type,
          bedrooms: l.bedrooms,
          subcity: l.subcity,
          price_etb: l.priceEtb,
          visibility: l.visibility,
        },
        expires_at: row.expiresAt.toISOString(),
      };
    },

    /** POST /confirm-links/{token}: the answer from the SMS link, without signing in; the link is spent. */
    async answerLink(token: string, answer: ConfirmAnswer): Promise<TFreshnessAnswer> {
      const row = await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const spent = await useToken(tx, hashConfirmToken(token), now);
        if (!spent) throw linkInvalid();
        const listing = await lockListing(tx, spent.listingId);
        if (!listing) throw linkInvalid();
        return applyAnswer(tx, listing, answer, now);
      });
      return freshnessAnswer(row);
    },

    /**
     * POST /listings/{id}/ask-availability: a signed-in user (not the poster) asks; the poster is
     * asked at once by SMS (and sees the ask on my-listings). Once per tenant and listing.
     */
    async askAvailability(user: AuthUser, rawId: string): Promise<TAskAvailabilityAnswer> {
      // A suspended account contacts no poster, as with messages and unlocks.
      assertNotSuspended(user);
      const id = listingIdOrThrow(rawId);
      const found = await findListingWithPoster(ctx.db, id);
      const now = ctx.now();
      if (!found || !isPubliclyVisible(found.listing, found.poster, now)) throw notFound();
      if (found.listing.posterId === user.id) throw new AppError('own_listing', 'This is your own listing.');
      const askedAt = await insertAsk(ctx.db, id, user.id, now);
      if (!askedAt) {
        const before = await findAsk(ctx.db, id, user.id);
        return { ok: true, already_asked: true, asked_at: (before ?? now).toISOString() };
      }
      await sendQuestion({ id, title: found.listing.title, posterId: found.listing.posterId }, found.poster.phone, now);
      return { ok: true, already_asked: false, asked_at: askedAt.toISOString() };
    },

    /**
     * The periodic job: asks the posters of listings unconfirmed for 14 days (once per
     * confirmation), expires those unconfirmed for 30 days and those whose tenants' asks went
     * unanswered, and deletes dead links. Each step is its own statement and safe to repeat.
     */
    async sweep(now: Date): Promise<{ asked: number; expired: number; expiredByAsks: number; linksRemoved: number }> {
      let asked = 0;
      for (const due of await listDueForQuestion(ctx.db, new Date(now.getTime() - CONFIRM_ASK_AFTER_MS))) {
        if (!(await markQuestionSent(ctx.db, due.id, now))) continue;
        await sendQuestion(due, due.posterPhone, now);
        asked++;
      }
      let expired = 0;
      for (const id of await listDueForExpiry(ctx.db, new Date(now.getTime() - EXPIRE_AFTER_MS))) {
        if (await ctx.db.transaction((tx) => expireListing(ctx.events, tx, id, now, 'unconfirmed'))) expired++;
      }
      let expiredByAsks = 0;
      for (const id of await listDueForAskExpiry(ctx.db, TENANT_ASKS_TO_EXPIRE, new Date(now.getTime() - TENANT_ASK_ANSWER_MS))) {
        if (await ctx.db.transaction((tx) => expireListing(ctx.events, tx, id, now, 'tenant_asks'))) expiredByAsks++;
      }
      const linksRemoved = await deleteExpiredTokens(ctx.db, now);
      return { asked, expired, expiredByAsks, linksRemoved };
    },
  };
}

export type FreshnessService = ReturnType<typeof createFreshnessService>;
