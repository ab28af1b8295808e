import {
  UNKNOWN_VERDICT,
  type ChargeOutcome,
  type GatewayVerdict,
  type PaymentOrder,
  type PaymentProvider,
  type WebhookCheck,
} from '../wallet/payment-provider.ts';

/**
 * The demo provider: every charge succeeds at once (the spec's screens expect an instant grant).
 * Never the default in production (see env.paymentProvider).
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = 'simulated';
  readonly checkout = false;

  assertAvailable(): void {}

  async charge(order: PaymentOrder): Promise<ChargeOutcome> {
    return { kind: 'paid', providerRef: `sim_${order.purchaseId}` };
  }

  /** Its purchases are paid at once; there is nothing pending to ask about. */
  async verify(): Promise<GatewayVerdict> {
    return UNKNOWN_VERDICT;
  }

  checkWebhook(): WebhookCheck {
    return { valid: false };
  }
}
