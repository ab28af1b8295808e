import { randomUUID } from 'node:crypto';
import { CONTACT_UNLOCK_COST } from '@betoch/contracts/constants';
import { ZId } from '@betoch/contracts/common';
import type { TMyUnlocksAnswer, TUnlockContactAnswer, TUnlockStatus } from '@betoch/contracts/unlocks';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNotSuspended, type AuthUser } from '../auth/authenticate.ts';
import { isPubliclyVisible } from '../listings/listing-visibility.ts';
import { findListingWithPoster } from '../listings/listing-with-poster.ts';
import { publicTitle } from '../listings/listing-text-masking.ts';
import { managerAccess } from '../listings/listing-access.ts';
import { toPhotoAnswer, type PhotoUrlFor } from '../uploads/photo-view.ts';
import { changeBalance, lockAccount, planActive } from '../wallet/ledger.ts';
import { recordContactUnlocked } from '../../lib/product-events.ts';
import { claimsOfUnlocks } from '../refunds/refund-counts.ts';
import { refundClaimUntil, toClaimAnswer } from '../refunds/refunds.service.ts';
import { findUnlock, findUnlockedPhones, insertUnlock, listMyUnlocks } from './unlocks.repository.ts';

function isId(value: string): boolean {
  return ZId.safeParse(value).success;
}

export function createUnlocksService(ctx: AppContext, urlFor: PhotoUrlFor) {
  return {
    /**
     * Unlocking a contact: own listing refused; an earlier unlock answers the phone again at no
     * cost; contact_hidden; an active tenant plan unlocks at no cost; otherwise 1 credit, taken in
     * the same transaction as the unlock record (the wallet row lock serialises a user's spends).
     */
    async unlockContact(user: AuthUser, listingId: string): Promise<TUnlockContactAnswer> {
      assertNotSuspended(user);
      if (!isId(listingId)) throw new AppError('not_found');
      const found = await findListingWithPoster(ctx.db, listingId);
      if (!found) throw new AppError('not_found');
      const { listing, poster } = found;
      if (listing.posterId === user.id) throw new AppError('own_listing');
      if (!isPubliclyVisible(listing, poster, ctx.now())) throw new AppError('not_found');

      return ctx.db.transaction(async (tx) => {
        const account = await lockAccount(tx, user.id);
        const earlier = await findUnlock(tx, user.id, listingId);
        if (earlier) {
          return {
            ok: true as const,
            contact: { phone: poster.phone },
            used_credit: false,
            already_unlocked: true,
            credits: account.credits,
            unlocked_at: earlier.createdAt.toISOString(),
          };
        }
        if (listing.contactPreference === 'hide') throw new AppError('contact_hidden');

        const now = ctx.now();
        const coveredByPlan = planActive(account.tenantUnlimitedUntil, now);
        const unlockId = randomUUID();
        const record = await insertUnlock(tx, { id: unlockId, userId: user.id, listingId, usedCredit: !coveredByPlan, createdAt: now });
        // The wallet lock makes a second unlock of the same pair wait and then see the first.
        if (!record) throw new Error('contact unlock raced past the wallet lock');
        if (!coveredByPlan) {
          await changeBalance(tx, account, 'credits', -CONTACT_UNLOCK_COST, { kind: 'contact_unlock', refType: 'listing', refId: listingId });
        }
        await recordContactUnlocked(tx, { listingId, userId: user.id, usedCredit: !coveredByPlan, at: now });
        return {
          ok: true as const,
          contact: { phone: poster.phone },
          used_credit: !coveredByPlan,
          already_unlocked: false,
          credits: account.credits,
          unlocked_at: record.createdAt.toISOString(),
        };
      });
    },

    /**
     * Unlocked (with the phone) when the viewer unlocked it earlier, whatever the listing's state
     * now; otherwise not unlocked, for a listing the viewer may see; otherwise 404.
     */
    async unlockStatus(user: AuthUser | null, listingId: string): Promise<TUnlockStatus> {
      if (!isId(listingId)) throw new AppError('not_found');
      if (user) {
        const phones = await findUnlockedPhones(ctx.db, user.id, [listingId]);
        const phone = phones.get(listingId);
        if (phone) return { is_unlocked: true, poster_phone: phone };
      }
      const found = await findListingWithPoster(ctx.db, listingId);
      const mayView = found && (isPubliclyVisible(found.listing, found.poster, ctx.now()) || (user && managerAccess(user, found.listing)));
      if (!mayView) throw new AppError('not_found');
      return { is_unlocked: false };
    },

    /** Every asked id answered; phones only for the viewer's own unlocks. */
    async batchUnlockStatus(user: AuthUser | null, listingIds: string[]): Promise<Record<string, TUnlockStatus>> {
      const ids = [...new Set(listingIds)];
      const phones = user ? await findUnlockedPhones(ctx.db, user.id, ids.filter(isId)) : new Map<string, string>();
      // Object.fromEntries makes own properties: an id sent as '__proto__' is answered like any other.
      return Object.fromEntries(
        ids.map((id): [string, TUnlockStatus] => {
          const phone = phones.get(id);
          return [id, phone ? { is_unlocked: true, poster_phone: phone } : { is_unlocked: false }];
        }),
      );
    },

    async myUnlocks(user: AuthUser): Promise<TMyUnlocksAnswer['unlocks']> {
      const rows = await listMyUnlocks(ctx.db, user.id);
      const claims = await claimsOfUnlocks(
        ctx.db,
        rows.map((r) => r.id),
      );
      const now = ctx.now();
      return rows.map((r) => {
        const until = refundClaimUntil(r);
        const claim = claims.get(r.id);
        return {
          _id: r.id,
          listing: {
            _id: r.listingId,
            title: publicTitle(r),
            title_generated: r.titleGenerated,
            subcity: r.subcity,
            type: r.type,
            bedrooms: r.bedrooms,
            price_etb: r.priceEtb,
            photos: r.photos.slice(0, 1).map((p) => toPhotoAnswer(p, urlFor)),
          },
          poster_phone: r.posterPhone,
          unlocked_at: r.createdAt.toISOString(),
          used_credit: r.usedCredit,
          refund_claim_until: until?.toISOString() ?? null,
          refund_claimable: until !== null && now <= until && !claim,
          refund: claim ? toClaimAnswer(claim) : null,
        };
      });
    },
  };
}

export type UnlocksService = ReturnType<typeof createUnlocksService>;
