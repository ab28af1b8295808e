import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paymentsCalls } from '@betoch/contracts/routes/payments';
import { CHECKOUT_METHODS } from '@betoch/contracts/payments';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { PaymentProvider } from '../wallet/payment-provider.ts';
import type { PaymentsService } from './payments.service.ts';

const RAW_BODY = Symbol('rawBody');
type WithRawBody = FastifyRequest & { [RAW_BODY]?: string };

export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext, provider: PaymentProvider, payments: PaymentsService): Promise<void> {
  const tags = ['payments'];

  route(app, ctx, {
    ...paymentsCalls.methods,
    summary: "Whether the hosted checkout's payment methods (telebirr, CBE Birr, M-Pesa, cards) can be used",
    tags,
    auth: 'none',
    handler: async () => ({
      ok: true as const,
      provider: provider.name,
      checkout_available: provider.checkout,
      methods: provider.checkout ? [...CHECKOUT_METHODS] : [],
    }),
  });

  route(app, ctx, {
    ...paymentsCalls.verifyPurchase,
    summary: "The return page: how the caller's purchase stands, asking the gateway when it is still pending (404 for anyone else's)",
    tags: ['wallet'],
    auth: 'user',
    errors: [400, 401, 404],
    noStore: true,
    handler: async ({ user, body }) => ({ ok: true as const, ...(await payments.verifyForOwner(user, body.tx_ref)) }),
  });

  route(app, ctx, {
    ...paymentsCalls.chapaCallback,
    summary: "Chapa's callback after a payment: the purchase is asked about through the verify call (the query itself is not trusted)",
    tags,
    auth: 'none',
    handler: async ({ query }) => {
      const txRef = query.trx_ref ?? query.tx_ref;
      if (txRef) await payments.confirmTxRef(txRef);
      return { ok: true as const };
    },
  });

  // The webhook's signature covers the raw body: this instance keeps it before parsing the JSON.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, body, done) => {
      (req as WithRawBody)[RAW_BODY] = body as string;
      done(null, {});
    });
    route(raw, ctx, {
      ...paymentsCalls.chapaWebhook,
      summary: "Chapa's webhook: signed (HMAC-SHA256 of the raw body); the payment is confirmed through the verify call",
      tags,
      auth: 'none',
      errors: [401],
      listedOn: app,
      handler: async ({ req }) => {
        await payments.webhook((req as WithRawBody)[RAW_BODY] ?? '', req.headers);
        return { ok: true as const };
      },
    });
  });
}
