import type { FastifyInstance } from 'fastify';
import { adminPaymentsCalls } from '@betoch/contracts/routes/admin-payments';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { AdminPaymentsService } from './admin-payments.service.ts';

export function adminPaymentsRoutes(app: FastifyInstance, ctx: AppContext, payments: AdminPaymentsService): void {
  const tags = ['admin'];

  route(app, ctx, {
    ...adminPaymentsCalls.listDelalaAccounts,
    summary: 'Broker accounts: post credits, unlimited plan, posting block and its reason',
    tags,
    auth: 'admin',
    handler: async ({ user, query }) => ({ ok: true as const, data: { items: await payments.listDelala(user, query.limit) } }),
  });

  route(app, ctx, {
    ...adminPaymentsCalls.unblockPosting,
    summary: "Lift a broker's posting block (audited with the reason)",
    tags,
    auth: 'admin',
    errors: [404],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: { account: await payments.unblock(user, params.phone, body.reason) } }),
  });
}
