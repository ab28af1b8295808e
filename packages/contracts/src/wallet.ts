import { z } from 'zod';
import { SKUS } from './constants.ts';
import { okAnswer } from './common.ts';

export const ZSku = z.enum(SKUS, { error: 'invalid_sku' });

/** GET /wallet/balance. Plan dates are ISO strings or null. */
export const ZWalletBalance = z.object({
  credits: z.number().int(),
  post_credits: z.number().int(),
  sub_tenant_unlimited_until: z.string().nullable(),
  sub_delala_unlimited_until: z.string().nullable(),
});
export type TWalletBalance = z.infer<typeof ZWalletBalance>;

export const ZWalletBalanceAnswer = okAnswer(ZWalletBalance.shape);
export type TWalletBalanceAnswer = z.infer<typeof ZWalletBalanceAnswer>;

/** POST /purchase. An optional `Idempotency-Key` header makes a retry answer the first answer. */
export const ZPurchaseRequest = z.object({
  sku: ZSku,
  /** Where the web app continues after a hosted checkout (a path of this site). */
  return_path: z
    .string()
    .max(300, 'invalid_return_path')
    .regex(/^\/(?!\/)[A-Za-z0-9\-._~/%?=&]*$/, 'invalid_return_path')
    .optional(),
});
export type TPurchaseRequest = z.infer<typeof ZPurchaseRequest>;

/** The `Idempotency-Key` header: 1 to 200 visible ASCII characters. */
export const ZIdempotencyKey = z
  .string()
  .trim()
  .min(1, 'idempotency_key_invalid')
  .max(200, 'idempotency_key_invalid')
  .regex(/^[\x21-\x7e]+$/, 'idempotency_key_invalid');

/**
 * What this purchase granted: credits and post credits added, and whether it started or extended
 * the tenant or broker unlimited plan (false for a credit purchase, even while a plan runs).
 */
export const ZPurchaseResult = z.object({
  credits_granted: z.number().int(),
  tenant_unlimited_active: z.boolean(),
  post_credits_granted: z.number().int(),
  delala_unlimited_active: z.boolean(),
});
export type TPurchaseResult = z.infer<typeof ZPurchaseResult>;

/** An instant grant (the simulated provider): what the purchase granted and the balances after. */
export const ZPurchaseGrantedAnswer = okAnswer({
  purchase_id: z.string(),
  sku: ZSku,
  price_etb: z.number().int(),
  result: ZPurchaseResult,
  /** Balances after the purchase. */
  credits: z.number().int(),
  post_credits: z.number().int(),
  /** Plans only: the plan's new end date (ISO). */
  until: z.string().optional(),
  sub_tenant_unlimited_until: z.string().nullable(),
  sub_delala_unlimited_until: z.string().nullable(),
});
export type TPurchaseGrantedAnswer = z.infer<typeof ZPurchaseGrantedAnswer>;

/** A hosted checkout (Chapa): the purchase waits; the client sends the user to checkout_url. */
export const ZPurchasePendingAnswer = z.object({
  ok: z.literal(true),
  status: z.literal('pending'),
  purchaseId: z.string(),
  tx_ref: z.string(),
  checkout_url: z.string(),
});
export type TPurchasePendingAnswer = z.infer<typeof ZPurchasePendingAnswer>;

/** POST /purchase: granted at once, or pending behind a hosted checkout. */
export const ZPurchaseAnswer = z.union([ZPurchasePendingAnswer, ZPurchaseGrantedAnswer]);
export type TPurchaseAnswer = z.infer<typeof ZPurchaseAnswer>;

export function isPendingPurchase(answer: TPurchaseAnswer): answer is TPurchasePendingAnswer {
  return 'status' in answer && answer.status === 'pending';
}

/**
 * Why a balance moved (ledger kinds the wallet history labels); other kinds show as 'Other'.
 * `refund`: a contact's credit given back.
 */
export const LEDGER_KINDS = ['purchase', 'contact_unlock', 'reply_unlock', 'publish', 'manual_adjustment', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const WALLET_HISTORY_LIMIT = 50;

/** One row of the wallet's history: a credit or post-credit change (plans are not listed). */
export const ZWalletHistoryEntry = z.object({
  _id: z.string(),
  kind: z.string(),
  account: z.enum(['credits', 'post_credits']),
  delta: z.number().int(),
  balance_after: z.number().int().nullable(),
  created_at: z.string(),
});
export type TWalletHistoryEntry = z.infer<typeof ZWalletHistoryEntry>;

/** GET /wallet/history: the last 50 balance changes, newest first. */
export const ZWalletHistoryAnswer = okAnswer({ entries: z.array(ZWalletHistoryEntry) });
export type TWalletHistoryAnswer = z.infer<typeof ZWalletHistoryAnswer>;
