import type { FastifyInstance } from 'fastify';
import {
  ZDelalaAccountsAnswer,
  ZDelalaAccountsQuery,
  ZPhoneParams,
  ZUnblockPostingAnswer,
  ZUnblockPostingRequest,
} from '@betoch/contracts/admin';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { AdminPaymentsService } from './admin-payments.service.ts';

export function adminPaymentsRoutes(app: FastifyInstance, ctx: AppContext, payments: AdminPaymentsService): void {
  const tags = ['admin'];

  route(app, ctx, {
    method: 'GET',
    url: '/admin/payments/delala',
    summary: 'Broker accounts: post credits, unlimited plan, posting block and its reason',
    tags,
    auth: 'admin',
    query: ZDelalaAccountsQuery,
    response: ZDelalaAccountsAnswer,
    handler: async ({ user, query }) => ({ ok: true as const, data: { items: await payments.listDelala(user, query.limit) } }),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/admin/payments/delala/{phone}/unblock',
    summary: "Lift a broker's posting block (audited with the reason)",
    tags,
    auth: 'admin',
    params: ZPhoneParams,
    body: ZUnblockPostingRequest,
    response: ZUnblockPostingAnswer,
    errors: [404],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: { account: await payments.unblock(user, params.phone, body.reason) } }),
  });
}
