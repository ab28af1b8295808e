import type { Env } from '../../config/env.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { SimulatedPaymentProvider } from './simulated-payment-provider.ts';
import { UnavailablePaymentProvider } from './unavailable-payment-provider.ts';

/** PAYMENT_PROVIDER: `simulated` (default outside production) or `none` (default in production). */
export function createPaymentProvider(name: Env['paymentProvider']): PaymentProvider {
  switch (name) {
    case 'simulated':
      return new SimulatedPaymentProvider();
    case 'none':
      return new UnavailablePaymentProvider();
  }
}
