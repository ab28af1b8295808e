import { z } from 'zod';
import { okAnswer } from './common.ts';
import { CONTACT_UNLOCK_COST } from './constants.ts';

/**
 * Refunds of a paid contact that turned out dead. Within 72 hours of unlocking a
 * contact with a credit, the tenant may claim one of these reasons.
 */
export const REFUND_REASONS = ['no_answer', 'already_rented', 'asked_for_money'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Why a claim was approved: the listing was marked rented, expired or hidden by moderation within
 * 7 days of the claim; another tenant claimed the same listing within 7 days; or an admin.
 */
export const REFUND_CAUSES = ['listing_rented', 'listing_expired', 'listing_hidden', 'second_claim', 'admin'] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];

/** Why a listing left the market (the server's listingLeftMarket event, apps/api/src/lib/domain-events.ts). */
export type ListingLeftMarketReason = 'rented' | 'expired' | 'hidden';

/** Hours after an unlock during which a claim may be made. */
export const REFUND_CLAIM_WINDOW_HOURS = 72;
/** Days after a claim during which the listing leaving the market (or a second claim) approves it. */
export const REFUND_AUTO_APPROVE_DAYS = 7;
/** At most this many refunds (approved, and claims still waiting) per tenant in REFUND_LIMIT_DAYS. */
export const REFUND_LIMIT = 3;
export const REFUND_LIMIT_DAYS = 30;
/** Credits a refund returns: what the contact unlock took. */
export const REFUND_CREDITS = CONTACT_UNLOCK_COST;
export const REFUND_NOTE_MAX = 500;

export const ZRefundReason = z.enum(REFUND_REASONS, { error: 'Choose a reason' });

/** POST /listings/unlocked/{id}/refund-claim: the unlock's id, and the reason. */
export const ZRefundClaimRequest = z.object({ reason: ZRefundReason });
export type TRefundClaimRequest = z.infer<typeof ZRefundClaimRequest>;

/** A claim as its tenant sees it on /my-unlocks. */
export const ZRefundClaim = z.object({
  _id: z.string(),
  reason: ZRefundReason,
  status: z.enum(REFUND_STATUSES),
  /** Set once approved: what approved it. */
  cause: z.enum(REFUND_CAUSES).nullable(),
  /** The admin's note on an admin decision. */
  note: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type TRefundClaim = z.infer<typeof ZRefundClaim>;

/** The claim just made, and the tenant's credits after it (one more when approved at once). */
export const ZRefundClaimAnswer = okAnswer({ claim: ZRefundClaim, credits: z.number().int() });
export type TRefundClaimAnswer = z.infer<typeof ZRefundClaimAnswer>;

/** A claim on the admin's Payments & Adjustments tab. */
export const ZAdminRefundClaim = ZRefundClaim.extend({
  tenant_phone: z.string(),
  poster_phone: z.string(),
  listing: z.object({ _id: z.string(), title: z.string(), price_etb: z.number().int() }),
  unlocked_at: z.string(),
  reviewer_phone: z.string().nullable(),
});
export type TAdminRefundClaim = z.infer<typeof ZAdminRefundClaim>;

/** GET /admin/payments/refund-claims?status=pending (oldest first for pending, else newest first). */
export const ZAdminRefundClaimsQuery = z.object({ status: z.enum(REFUND_STATUSES).default('pending') });
export type TAdminRefundClaimsQuery = z.infer<typeof ZAdminRefundClaimsQuery>;

/** Admin answers come in a data envelope. */
export const ZAdminRefundClaimsAnswer = okAnswer({ data: z.object({ items: z.array(ZAdminRefundClaim) }) });
export type TAdminRefundClaimsAnswer = z.infer<typeof ZAdminRefundClaimsAnswer>;

/** POST /admin/payments/refund-claims/{id}/approve|reject: a note is required. */
export const ZReviewRefundRequest = z.object({
  note: z.string().trim().min(1, 'A note is required').max(REFUND_NOTE_MAX, `At most ${REFUND_NOTE_MAX} characters`),
});
export type TReviewRefundRequest = z.infer<typeof ZReviewRefundRequest>;

export const ZReviewRefundAnswer = okAnswer({ data: z.object({ claim: ZAdminRefundClaim }) });
export type TReviewRefundAnswer = z.infer<typeof ZReviewRefundAnswer>;
