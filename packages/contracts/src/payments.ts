import { z } from 'zod';
import { adminAnswer, okAnswer } from './common.ts';
import { ZPurchaseResult, ZSku } from './wallet.ts';

/**
 * The states of a purchase. `pending`: waiting for the gateway's checkout; `paid`: granted (once);
 * `failed` / `cancelled`: the gateway says no money was taken; `expired`: still unpaid after 24
 * hours; `mismatch`: the gateway reported a payment whose amount, currency or reference differs
 * from the purchase (nothing granted, an alert for the admins).
 */
export const PURCHASE_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'mismatch'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** The payment methods the hosted checkout offers. */
export const CHECKOUT_METHODS = ['telebirr', 'cbe_birr', 'mpesa', 'card'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/** Our own transaction reference: 'bt_' and 32 url-safe characters (unguessable). */
export const ZTxRef = z.string().regex(/^bt_[A-Za-z0-9_-]{32}$/, 'invalid_tx_ref');

/** POST /purchase/verify: the return page asks how its purchase stands (owner only, else 404). */
export const ZVerifyPurchaseRequest = z.object({ tx_ref: ZTxRef });
export type TVerifyPurchaseRequest = z.infer<typeof ZVerifyPurchaseRequest>;

export const ZVerifyPurchaseAnswer = okAnswer({
  purchase_id: z.string(),
  tx_ref: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  sku: ZSku,
  price_etb: z.number().int(),
  return_path: z.string().nullable(),
  /** What the purchase granted (all zero/false until it is paid). */
  result: ZPurchaseResult,
  credits: z.number().int(),
  post_credits: z.number().int(),
  sub_tenant_unlimited_until: z.string().nullable(),
  sub_delala_unlimited_until: z.string().nullable(),
});
export type TVerifyPurchaseAnswer = z.infer<typeof ZVerifyPurchaseAnswer>;

/** GET /payments/methods: whether the hosted checkout's methods can be used now. */
export const ZPaymentMethodsAnswer = okAnswer({
  provider: z.enum(['simulated', 'none', 'chapa']),
  checkout_available: z.boolean(),
  methods: z.array(z.enum(CHECKOUT_METHODS)),
});
export type TPaymentMethodsAnswer = z.infer<typeof ZPaymentMethodsAnswer>;

/** The gateway's webhook and callback are acknowledged with a bare ok. */
export const ZWebhookAnswer = okAnswer({});

/** GET /payments/chapa/callback: Chapa calls it after a payment with its references. */
export const ZChapaCallbackQuery = z.object({
  trx_ref: z.string().max(200).optional(),
  tx_ref: z.string().max(200).optional(),
  ref_id: z.string().max(200).optional(),
  status: z.string().max(50).optional(),
});

/** GET /admin/payments/purchases (and .csv): filters. Dates are ISO (inclusive from, exclusive to). */
export const ZAdminPurchasesQuery = z.object({
  status: z.enum(PURCHASE_STATUSES).optional(),
  provider: z.string().max(40).optional(),
  from: z.iso.datetime({ offset: true }).optional().or(z.iso.date().optional()),
  to: z.iso.datetime({ offset: true }).optional().or(z.iso.date().optional()),
  limit: z.coerce.number().int().min(1).max(5000).default(200),
});
export type TAdminPurchasesQuery = z.infer<typeof ZAdminPurchasesQuery>;

export const ZAdminPurchase = z.object({
  id: z.string(),
  phone: z.string(),
  sku: ZSku,
  price_etb: z.number().int(),
  provider: z.string(),
  tx_ref: z.string().nullable(),
  provider_ref: z.string().nullable(),
  status: z.enum(PURCHASE_STATUSES),
  status_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  paid_at: z.string().nullable(),
});
export type TAdminPurchase = z.infer<typeof ZAdminPurchase>;

export const ZAdminPurchasesAnswer = adminAnswer(z.object({ items: z.array(ZAdminPurchase) }));
export type TAdminPurchasesAnswer = z.infer<typeof ZAdminPurchasesAnswer>;

/** POST /admin/payments/purchases/{id}/verify: asks the gateway again; answers the purchase now. */
export const ZAdminReverifyAnswer = adminAnswer(z.object({ purchase: ZAdminPurchase }));
export type TAdminReverifyAnswer = z.infer<typeof ZAdminReverifyAnswer>;
