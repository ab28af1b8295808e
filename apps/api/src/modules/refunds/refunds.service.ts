import { ZId } from '@betoch/contracts/common';
import {
  REFUND_AUTO_APPROVE_DAYS,
  REFUND_CLAIM_WINDOW_HOURS,
  REFUND_CREDITS,
  REFUND_LIMIT,
  REFUND_LIMIT_DAYS,
  type ListingLeftMarketReason,
  type RefundCause,
  type RefundReason,
  type TAdminRefundClaim,
  type TAdminRefundClaimsQuery,
  type TRefundClaim,
  type TRefundClaimAnswer,
} from '@betoch/contracts/refunds';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { RefundClaimRow } from '../../db/schema/refunds.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DomainEventMap } from '../../lib/domain-events.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { requireAdmin } from '../auth/access.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { appendAutoAction, findOrOpenCase } from '../moderation-cases/moderation-cases.ts';
import { changeBalance, lockAccount, type LockedAccount } from '../wallet/ledger.ts';
import {
  countCountingClaimsSince,
  decideClaim,
  findClaim,
  findClaimForAdmin,
  findClaimOfUnlock,
  findUnlockOfUser,
  insertClaim,
  listClaimsForAdmin,
  lockClaim,
  lockListingForClaims,
  otherClaimsOnListingSince,
  pendingClaimsOnListingSince,
  type AdminClaimRow,
} from './refunds.repository.ts';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

const CAUSE_OF: Record<ListingLeftMarketReason, RefundCause> = {
  rented: 'listing_rented',
  expired: 'listing_expired',
  hidden: 'listing_hidden',
};

export function toClaimAnswer(row: RefundClaimRow): TRefundClaim {
  return {
    _id: row.id,
    reason: row.reason,
    status: row.status,
    cause: row.cause,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

function toAdminClaim(row: AdminClaimRow): TAdminRefundClaim {
  return {
    ...toClaimAnswer(row.claim),
    tenant_phone: row.tenantPhone,
    poster_phone: row.posterPhone,
    listing: { _id: row.claim.listingId, title: row.listingTitle, price_etb: row.listingPriceEtb },
    unlocked_at: row.unlockedAt.toISOString(),
    reviewer_phone: row.reviewerPhone,
  };
}

/** Until when a claim may be made on an unlock: 72 hours after it, or never for a plan's unlock. */
export function refundClaimUntil(unlock: { usedCredit: boolean; createdAt: Date }): Date | null {
  return unlock.usedCredit ? new Date(unlock.createdAt.getTime() + REFUND_CLAIM_WINDOW_HOURS * HOUR_MS) : null;
}

/** Locks the wallets of these users in id order (so two transactions never wait on each other). */
async function lockWallets(tx: Tx, userIds: string[]): Promise<Map<string, LockedAccount>> {
  const accounts = new Map<string, LockedAccount>();
  for (const id of [...new Set(userIds)].sort()) accounts.set(id, await lockAccount(tx, id));
  return accounts;
}

/**
 * Approves a waiting claim in the caller's transaction: the credit goes back through the ledger as
 * a `refund` row tied to the unlock (the database refuses a second one), and the claim says why.
 * The claimant's wallet must be locked by the caller (`account`).
 */
async function approve(
  tx: Tx,
  claim: RefundClaimRow,
  account: LockedAccount,
  decision: { cause: RefundCause; reviewerId: string | null; note: string | null; at: Date },
): Promise<RefundClaimRow> {
  await changeBalance(tx, account, 'credits', REFUND_CREDITS, { kind: 'refund', refType: 'contact_unlock', refId: claim.unlockId });
  return decideClaim(tx, claim.id, { status: 'approved', ...decision });
}

/**
 * Listens to 'a listing left the market' (lib/domain-events.ts; subscribed in app.ts): every claim
 * on it still waiting and made within the last 7 days is approved, in the publisher's transaction
 * (the one that changes the listing), with the cause the reason gives.
 */
export async function approveClaimsOnListingLeftMarket(tx: Tx, event: DomainEventMap['listingLeftMarket']): Promise<void> {
  const { listingId, reason, at } = event;
  await lockListingForClaims(tx, listingId);
  const pending = await pendingClaimsOnListingSince(tx, listingId, new Date(at.getTime() - REFUND_AUTO_APPROVE_DAYS * DAY_MS));
  if (pending.length === 0) return;
  const wallets = await lockWallets(
    tx,
    pending.map((c) => c.userId),
  );
  for (const claim of pending) {
    const account = wallets.get(claim.userId)!;
    await approve(tx, claim, account, { cause: CAUSE_OF[reason], reviewerId: null, note: null, at });
  }
}

export function createRefundsService(ctx: AppContext) {
  async function adminAnswer(id: string): Promise<TAdminRefundClaim> {
    const row = await findClaimForAdmin(ctx.db, id);
    if (!row) throw new AppError('not_found', 'Refund claim not found.');
    return toAdminClaim(row);
  }

  /** One admin decides a waiting claim, with a note; audited with the balance before and after. */
  async function review(admin: AuthUser, id: string, decision: 'approved' | 'rejected', note: string): Promise<TAdminRefundClaim> {
    requireAdmin(admin);
    if (!ZId.safeParse(id).success) throw new AppError('not_found', 'Refund claim not found.');
    await ctx.db.transaction(async (tx) => {
      const found = await findClaim(tx, id);
      if (!found) throw new AppError('not_found', 'Refund claim not found.');
      // The listing, then the wallet: the order every claim path takes.
      await lockListingForClaims(tx, found.listingId);
      const account = await lockAccount(tx, found.userId);
      const claim = await lockClaim(tx, id);
      if (!claim || claim.status !== 'pending') throw new AppError('refund_not_pending');
      const now = ctx.now();
      const before = account.credits;
      if (decision === 'approved') await approve(tx, claim, account, { cause: 'admin', reviewerId: admin.id, note, at: now });
      else await decideClaim(tx, claim.id, { status: 'rejected', cause: null, reviewerId: admin.id, note, at: now });
      await recordAudit(tx, [
        {
          adminId: admin.id,
          action: decision === 'approved' ? 'refund_approved' : 'refund_rejected',
          targetType: 'refund_claim',
          targetId: claim.id,
          subjectUserId: claim.userId,
          reason: note,
          before: { status: 'pending', credits: before },
          after: { status: decision, credits: account.credits },
          at: now,
        },
      ]);
    });
    return adminAnswer(id);
  }

  return {
    /**
     * POST /listings/unlocked/{id}/refund-claim. Only the unlock's tenant; only a paid unlock (a
     * plan's unlock took no credit); within 72 hours of it; once per unlock; at most 3 claims
     * approved or waiting in 30 days. Approved at once when the listing already left the market, or
     * when another tenant claimed the same listing in the last 7 days (that claim too).
     */
    async claim(user: AuthUser, unlockId: string, reason: RefundReason): Promise<TRefundClaimAnswer> {
      if (!ZId.safeParse(unlockId).success) throw new AppError('not_found');
      const unlock = await findUnlockOfUser(ctx.db, unlockId, user.id);
      if (!unlock) throw new AppError('not_found');
      if (!unlock.usedCredit) throw new AppError('refund_not_available');
      const until = refundClaimUntil(unlock)!;
      if (ctx.now() > until) throw new AppError('refund_window_closed');

      return ctx.db.transaction(async (tx) => {
        // The listing first: claims on it, and its leaving the market, run one at a time.
        const listing = await lockListingForClaims(tx, unlock.listingId);
        if (!listing) throw new AppError('not_found');
        const now = ctx.now();
        const others = await otherClaimsOnListingSince(tx, unlock.listingId, user.id, new Date(now.getTime() - REFUND_AUTO_APPROVE_DAYS * DAY_MS));
        const othersWaiting = others.filter((c) => c.status === 'pending');
        const wallets = await lockWallets(tx, [user.id, ...othersWaiting.map((c) => c.userId)]);
        const account = wallets.get(user.id)!;

        if (await findClaimOfUnlock(tx, unlock.id)) throw new AppError('refund_already_claimed');
        const counted = await countCountingClaimsSince(tx, user.id, new Date(now.getTime() - REFUND_LIMIT_DAYS * DAY_MS));
        if (counted >= REFUND_LIMIT) throw new AppError('refund_limit_reached');
        let claim = await insertClaim(tx, {
          unlockId: unlock.id,
          userId: user.id,
          listingId: unlock.listingId,
          posterId: unlock.posterId,
          reason,
          createdAt: now,
        });
        if (!claim) throw new AppError('refund_already_claimed');

        if (reason === 'asked_for_money') {
          // A poster who asks for money before a viewing: a case on the poster for the moderators.
          const posterCase = await findOrOpenCase(tx, { type: 'user', id: unlock.posterId, subjectUserId: unlock.posterId, now });
          await appendAutoAction(tx, posterCase.id, { type: 'refund_claim', reason: 'asked_for_money_before_viewing', at: now.toISOString() });
          await recordAudit(tx, [
            {
              adminId: null,
              action: 'refund_claim_case',
              targetType: 'user',
              targetId: unlock.posterId,
              caseId: posterCase.id,
              subjectUserId: unlock.posterId,
              reason: 'asked_for_money_before_viewing',
              after: { refund_claim: claim.id, listing: unlock.listingId },
              at: now,
            },
          ]);
        }

        const cause: RefundCause | null = listing.adminHidden
          ? 'listing_hidden'
          : listing.visibility === 'expired'
            ? 'listing_expired'
            : listing.visibility !== 'live'
              ? 'listing_rented'
              : others.length > 0
                ? 'second_claim'
                : null;
        if (cause) {
          claim = await approve(tx, claim, account, { cause, reviewerId: null, note: null, at: now });
          if (cause === 'second_claim') {
            for (const other of othersWaiting) {
              await approve(tx, other, wallets.get(other.userId)!, { cause: 'second_claim', reviewerId: null, note: null, at: now });
            }
          }
        }
        return { ok: true as const, claim: toClaimAnswer(claim), credits: account.credits };
      });
    },

    async list(admin: AuthUser, query: TAdminRefundClaimsQuery): Promise<TAdminRefundClaim[]> {
      requireAdmin(admin);
      return (await listClaimsForAdmin(ctx.db, query.status)).map(toAdminClaim);
    },

    approve: (admin: AuthUser, id: string, note: string) => review(admin, id, 'approved', note),
    reject: (admin: AuthUser, id: string, note: string) => review(admin, id, 'rejected', note),
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
