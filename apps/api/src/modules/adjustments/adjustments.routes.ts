import type { FastifyInstance } from 'fastify';
import { adjustmentsCalls } from '@betoch/contracts/routes/adjustments';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { AdjustmentsService } from './adjustments.service.ts';

export function adjustmentsRoutes(app: FastifyInstance, ctx: AppContext, adjustments: AdjustmentsService): void {
  const tags = ['admin'];

  route(app, ctx, {
    ...adjustmentsCalls.listAdjustments,
    summary: 'Manual adjustments by status (pending by default)',
    tags,
    auth: 'admin',
    handler: async ({ user, query }) => ({ ok: true as const, data: { items: await adjustments.list(user, query) } }),
  });

  route(app, ctx, {
    ...adjustmentsCalls.createAdjustment,
    summary: 'Log a manual adjustment (pending until another admin approves it)',
    tags,
    auth: 'admin',
    errors: [404],
    handler: async ({ user, body }) => ({ ok: true as const, data: { adjustment: await adjustments.create(user, body) } }),
  });

  route(app, ctx, {
    ...adjustmentsCalls.approveAdjustment,
    summary: 'Approve (never your own): applied through the wallet ledger, once',
    tags,
    auth: 'admin',
    errors: [404, 409],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: await adjustments.approve(user, params.id, body.notes) }),
  });

  route(app, ctx, {
    ...adjustmentsCalls.rejectAdjustment,
    summary: 'Reject (never your own): nothing moves',
    tags,
    auth: 'admin',
    errors: [404, 409],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: await adjustments.reject(user, params.id, body.notes) }),
  });
}
