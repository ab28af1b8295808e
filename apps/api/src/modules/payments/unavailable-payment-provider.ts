import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider, PaymentReceipt } from './payment-provider.ts';

/**
 * Production until a real gateway is configured: every purchase answers 503
 * `payment_unavailable`, and support sells credits through manual adjustments.
 */
export class UnavailablePaymentProvider implements PaymentProvider {
  readonly name = 'none';

  assertAvailable(): void {
    throw new AppError('payment_unavailable');
  }

  async charge(): Promise<PaymentReceipt> {
    throw new AppError('payment_unavailable');
  }
}
