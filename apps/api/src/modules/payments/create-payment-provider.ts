import { unreachable } from '@betoch/contracts/exhaustive';
import type { Env } from '../../config/env.ts';
import { ChapaPaymentProvider } from './chapa-payment-provider.ts';
import type { PaymentProvider } from '../wallet/payment-provider.ts';
import { SimulatedPaymentProvider } from './simulated-payment-provider.ts';
import { UnavailablePaymentProvider } from './unavailable-payment-provider.ts';

/**
 * PAYMENT_PROVIDER: `simulated` (default outside production), `none` (default in production) or
 * `chapa` (hosted checkout; loadEnv refuses to start without its keys and PUBLIC_URL).
 */
export function createPaymentProvider(env: Pick<Env, 'paymentProvider' | 'chapa' | 'publicUrl'>): PaymentProvider {
  switch (env.paymentProvider) {
    case 'simulated':
      return new SimulatedPaymentProvider();
    case 'none':
      return new UnavailablePaymentProvider();
    case 'chapa':
      if (!env.chapa || !env.publicUrl) throw new Error('PAYMENT_PROVIDER=chapa needs CHAPA_SECRET_KEY, CHAPA_WEBHOOK_SECRET and PUBLIC_URL');
      return new ChapaPaymentProvider(env.chapa, env.publicUrl);
    default:
      return unreachable(env.paymentProvider, 'payment provider');
  }
}
