import type { FastifyInstance } from 'fastify';
import { adminPaymentsCalls } from '@betoch/contracts/routes/admin-payments';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import { purchasesCsv, type AdminPurchasesService } from './admin-purchases.service.ts';

export function adminPurchasesRoutes(app: FastifyInstance, ctx: AppContext, purchases: AdminPurchasesService): void {
  const tags = ['admin'];

  route(app, ctx, {
    ...adminPaymentsCalls.listPurchases,
    summary: 'Purchases, newest first (filter by status, provider, date): phone, sku, amount, tx_ref, provider reference, status, times',
    tags,
    auth: 'admin',
    handler: async ({ user, query }) => ({ ok: true as const, data: { items: await purchases.list(user, query) } }),
  });

  route(app, ctx, {
    ...adminPaymentsCalls.exportPurchasesCsv,
    summary: 'The same purchases as CSV for accounting (text/csv; the answer schema names the columns)',
    tags,
    auth: 'admin',
    handler: async ({ user, query, reply }) => {
      const items = await purchases.list(user, query);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="betoch-purchases-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(purchasesCsv(items));
    },
  });

  route(app, ctx, {
    ...adminPaymentsCalls.reverifyPurchase,
    summary: 'Ask the gateway again about a purchase that is not paid (pending, failed, cancelled, expired)',
    tags,
    auth: 'admin',
    errors: [400, 404],
    handler: async ({ user, params }) => ({ ok: true as const, data: { purchase: await purchases.reverify(user, params.id) } }),
  });
}
