import type { PaymentOrder, PaymentProvider, PaymentReceipt } from './payment-provider.ts';

/**
 * The demo provider: every charge succeeds at once (the spec's screens expect an instant grant).
 * Never the default in production (see env.paymentProvider).
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = 'simulated';

  assertAvailable(): void {}

  async charge(order: PaymentOrder): Promise<PaymentReceipt> {
    return { providerRef: `sim_${order.purchaseId}` };
  }
}
