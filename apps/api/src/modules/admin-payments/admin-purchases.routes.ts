import type { FastifyInstance } from 'fastify';
import { ZIdParams } from '@betoch/contracts/common';
import { ZAdminPurchasesAnswer, ZAdminPurchasesQuery, ZAdminReverifyAnswer } from '@betoch/contracts/payments';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import { purchasesCsv, type AdminPurchasesService } from './admin-purchases.service.ts';

export function adminPurchasesRoutes(app: FastifyInstance, ctx: AppContext, purchases: AdminPurchasesService): void {
  const tags = ['admin'];

  route(app, ctx, {
    method: 'GET',
    url: '/admin/payments/purchases',
    summary: 'Purchases, newest first (filter by status, provider, date): phone, sku, amount, tx_ref, provider reference, status, times',
    tags,
    auth: 'admin',
    query: ZAdminPurchasesQuery,
    response: ZAdminPurchasesAnswer,
    handler: async ({ user, query }) => ({ ok: true as const, data: { items: await purchases.list(user, query) } }),
  });

  route(app, ctx, {
    method: 'GET',
    url: '/admin/payments/purchases.csv',
    summary: 'The same purchases as CSV for accounting (text/csv; the answer schema names the columns)',
    tags,
    auth: 'admin',
    query: ZAdminPurchasesQuery,
    response: ZAdminPurchasesAnswer,
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
    method: 'POST',
    url: '/admin/payments/purchases/{id}/verify',
    summary: 'Ask the gateway again about a purchase that is not paid (pending, failed, cancelled, expired)',
    tags,
    auth: 'admin',
    params: ZIdParams,
    response: ZAdminReverifyAnswer,
    errors: [400, 404],
    handler: async ({ user, params }) => ({ ok: true as const, data: { purchase: await purchases.reverify(user, params.id) } }),
  });
}
