import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createPaymentProvider } from './create-payment-provider.ts';
import { countedPaymentProvider } from './counted-payment-provider.ts';
import { createPaymentConfirmer, type PaymentConfirmer } from './payment-confirmation.ts';
import type { PaymentProvider } from '../wallet/payment-provider.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService } from './payments.service.ts';

export interface PaymentsSetup {
  provider: PaymentProvider;
  confirmer: PaymentConfirmer;
}

/**
 * The payment provider of PAYMENT_PROVIDER and its routes. Reconciliation is one of the periodic
 * jobs (src/jobs/periodic-jobs.ts), which run once per period across every server.
 */
export async function setUpPayments(app: FastifyInstance, ctx: AppContext): Promise<PaymentsSetup> {
  const provider = countedPaymentProvider(createPaymentProvider(ctx.env), ctx.metrics);
  const confirmer = createPaymentConfirmer(ctx, provider);
  await paymentsRoutes(app, ctx, provider, createPaymentsService(ctx, provider, confirmer));
  return { provider, confirmer };
}
