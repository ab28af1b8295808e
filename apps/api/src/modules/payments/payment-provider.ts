import type { Sku } from '@betoch/contracts/constants';

export interface PaymentOrder {
  /** Our purchase id, known before the charge so a gateway can carry it as its reference. */
  purchaseId: string;
  userId: string;
  sku: Sku;
  priceEtb: number;
}

export interface PaymentReceipt {
  /** The provider's own reference for the payment, stored with the purchase. */
  providerRef: string;
}

/**
 * Takes the money for one purchase. `charge` runs inside the purchase transaction, after the
 * idempotency key is held, so a retried call never charges twice; it resolves only when the
 * money is taken and throws an AppError otherwise (nothing is granted then: the transaction rolls
 * back). `assertAvailable` lets the service refuse before it opens a transaction.
 */
export interface PaymentProvider {
  readonly name: string;
  assertAvailable(): void;
  charge(order: PaymentOrder): Promise<PaymentReceipt>;
}
