import type { Sku } from '@betoch/contracts/constants';

/*
 * The port a purchase is charged through: the wallet's purchase flows (wallet.service.ts) call it;
 * the payments module provides the gateways behind it (Chapa, simulated, unavailable) and confirms
 * their verdicts.
 */

export interface PaymentOrder {
  /** Our purchase id. */
  purchaseId: string;
  /** Our own unguessable reference for the payment, sent to a gateway. */
  txRef: string;
  userId: string;
  /** The buyer's phone (+251...), offered to a checkout so the user types less. */
  phone: string;
  sku: Sku;
  /** From the server's price table, never from the client. */
  priceEtb: number;
}

/**
 * What a charge did: the money is taken (`paid`, the grant follows in the same transaction), or the
 * user must finish a hosted checkout first (`checkout`: the purchase waits, confirmed later).
 */
export type ChargeOutcome = { kind: 'paid'; providerRef: string } | { kind: 'checkout'; checkoutUrl: string };

/** What the gateway says about a payment, read server-side from its verify call. */
export interface GatewayVerdict {
  status: 'success' | 'failed' | 'cancelled' | 'pending' | 'unknown';
  amount: number | null;
  currency: string | null;
  txRef: string | null;
  /** The gateway's own reference of the payment. */
  reference: string | null;
}

/** A webhook the provider checked: its signature is valid and it names this tx_ref (or none). */
export type WebhookCheck = { valid: false } | { valid: true; txRef: string | null };

/**
 * Takes the money for one purchase, after the idempotency key is held, so a retried call never
 * charges twice. A provider that pays at once runs inside the purchase transaction; a checkout
 * provider is asked outside any transaction (a slow gateway holds no database connection). It
 * throws an AppError when the gateway refuses or does not answer (no purchase row is left).
 * `assertAvailable` lets the service refuse before it opens a transaction. A checkout provider
 * also answers `verify` (the only source of truth for a pending purchase) and checks webhooks.
 */
export interface PaymentProvider {
  readonly name: 'simulated' | 'none' | 'chapa';
  /** True when purchases wait for a hosted checkout. */
  readonly checkout: boolean;
  assertAvailable(): void;
  charge(order: PaymentOrder): Promise<ChargeOutcome>;
  verify(txRef: string): Promise<GatewayVerdict>;
  checkWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookCheck;
}

export const UNKNOWN_VERDICT: GatewayVerdict = { status: 'unknown', amount: null, currency: null, txRef: null, reference: null };
