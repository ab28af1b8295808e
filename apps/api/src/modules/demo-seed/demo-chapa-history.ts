import type { ChargeOutcome, GatewayVerdict, PaymentOrder, PaymentProvider, WebhookCheck } from '../wallet/payment-provider.ts';

/** What Chapa answered about one of the demo's past payments when it was verified. */
export type DemoChapaOutcome = 'success' | 'failed' | 'cancelled' | 'pending';

/**
 * The demo market's payment history with Chapa, told through the real purchase path: the wallet
 * service opens each checkout through this provider (name 'chapa'), and the payment confirmer
 * applies the verdict it gives, so a paid purchase is granted through the ledger as a real one is.
 * It answers only for the orders the story placed, with the outcome the story gave each; it never
 * serves a request (the server's own provider is the configured one) and reaches no network.
 */
export class DemoChapaHistory implements PaymentProvider {
  readonly name = 'chapa';
  readonly checkout = true;
  private readonly outcomes: DemoChapaOutcome[] = [];
  private readonly orders = new Map<string, { order: PaymentOrder; outcome: DemoChapaOutcome }>();

  /** The outcome of the next checkout opened. */
  willAnswer(outcome: DemoChapaOutcome): this {
    this.outcomes.push(outcome);
    return this;
  }

  assertAvailable(): void {}

  async charge(order: PaymentOrder): Promise<ChargeOutcome> {
    const outcome = this.outcomes.shift();
    if (!outcome) throw new Error('demo Chapa history: a checkout without an outcome');
    this.orders.set(order.txRef, { order, outcome });
    return { kind: 'checkout', checkoutUrl: `https://checkout.chapa.co/checkout/payment/${order.txRef}` };
  }

  async verify(txRef: string): Promise<GatewayVerdict> {
    const known = this.orders.get(txRef);
    if (!known) return { status: 'unknown', amount: null, currency: null, txRef: null, reference: null };
    const { order, outcome } = known;
    return {
      status: outcome,
      amount: order.priceEtb,
      currency: 'ETB',
      txRef,
      reference: outcome === 'pending' ? null : `APdemo${order.purchaseId.slice(0, 8)}`,
    };
  }

  checkWebhook(): WebhookCheck {
    return { valid: false };
  }
}
