import type { OpsMetrics } from '../ops-metrics/ops-metrics.ts';
import type { PaymentProvider } from '../wallet/payment-provider.ts';

/**
 * The payment provider, each call to its gateway (a charge, a verify) counted in /metrics: failed
 * when it throws or the gateway could not say ('unknown'); a verdict of failed or cancelled is the
 * payer's, an ok call.
 */
export function countedPaymentProvider(provider: PaymentProvider, metrics: OpsMetrics): PaymentProvider {
  async function counted<T>(call: () => Promise<T>, ok: (answer: T) => boolean): Promise<T> {
    try {
      const answer = await call();
      metrics.outbound('payment', ok(answer));
      return answer;
    } catch (error) {
      metrics.outbound('payment', false);
      throw error;
    }
  }
  return {
    name: provider.name,
    checkout: provider.checkout,
    assertAvailable: () => provider.assertAvailable(),
    charge: (order) =>
      counted(
        () => provider.charge(order),
        () => true,
      ),
    verify: (txRef) =>
      counted(
        () => provider.verify(txRef),
        (verdict) => verdict.status !== 'unknown',
      ),
    checkWebhook: (rawBody, headers) => provider.checkWebhook(rawBody, headers),
  };
}
