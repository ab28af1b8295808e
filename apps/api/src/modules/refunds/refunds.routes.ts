import type { FastifyInstance } from 'fastify';
import { refundsCalls } from '@betoch/contracts/routes/refunds';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { RefundsService } from './refunds.service.ts';

export function refundsRoutes(app: FastifyInstance, ctx: AppContext, refunds: RefundsService): void {
  route(app, ctx, {
    ...refundsCalls.claimRefund,
    summary: "Claim back a paid contact's credit within 72 hours of the unlock (id: the unlock's id)",
    tags: ['unlocks'],
    auth: 'user',
    errors: [400, 401, 403, 404, 409],
    noStore: true,
    handler: ({ user, params, body }) => refunds.claim(user, params.id, body.reason),
  });

  route(app, ctx, {
    ...refundsCalls.listClaims,
    summary: 'Refund claims by status (waiting ones by default, oldest first)',
    tags: ['admin'],
    auth: 'admin',
    noStore: true,
    handler: async ({ user, query }) => ({ ok: true as const, data: { items: await refunds.list(user, query) } }),
  });

  route(app, ctx, {
    ...refundsCalls.approveClaim,
    summary: 'Approve a waiting refund claim with a note: the credit goes back through the ledger',
    tags: ['admin'],
    auth: 'admin',
    errors: [400, 404, 409],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: { claim: await refunds.approve(user, params.id, body.note) } }),
  });

  route(app, ctx, {
    ...refundsCalls.rejectClaim,
    summary: 'Reject a waiting refund claim with a note: nothing moves',
    tags: ['admin'],
    auth: 'admin',
    errors: [400, 404, 409],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: { claim: await refunds.reject(user, params.id, body.note) } }),
  });
}
