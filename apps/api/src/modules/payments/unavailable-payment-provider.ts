import { AppError } from '../../lib/app-error.ts';
import { UNKNOWN_VERDICT, type ChargeOutcome, type GatewayVerdict, type PaymentProvider, type WebhookCheck } from '../wallet/payment-provider.ts';

/**
 * Production until a real gateway is configured: every purchase answers 503
 * `payment_unavailable`, and support sells credits through manual adjustments.
 */
export class UnavailablePaymentProvider implements PaymentProvider {
  readonly name = 'none';
  readonly checkout = false;

  assertAvailable(): void {
    throw new AppError('payment_unavailable');
  }

  async charge(): Promise<ChargeOutcome> {
    throw new AppError('payment_unavailable');
  }

  async verify(): Promise<GatewayVerdict> {
    return UNKNOWN_VERDICT;
  }

  checkWebhook(): WebhookCheck {
    return { valid: false };
  }
}
