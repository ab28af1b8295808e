import type { FastifyInstance } from 'fastify';
import { ZIdParams } from '@betoch/contracts/common';
import {
  ZManualAdjustmentAnswer,
  ZManualAdjustmentRequest,
  ZManualAdjustmentsAnswer,
  ZManualAdjustmentsQuery,
  ZReviewAdjustmentAnswer,
  ZReviewAdjustmentRequest,
} from '@betoch/contracts/admin';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { AdjustmentsService } from './adjustments.service.ts';

export function adjustmentsRoutes(app: FastifyInstance, ctx: AppContext, adjustments: AdjustmentsService): void {
  const tags = ['admin'];

  route(app, ctx, {
    method: 'GET',
    url: '/admin/payments/manual-adjustments',
    summary: 'Manual adjustments by status (pending by default)',
    tags,
    auth: 'admin',
    query: ZManualAdjustmentsQuery,
    response: ZManualAdjustmentsAnswer,
    handler: async ({ user, query }) => ({ ok: true as const, data: { items: await adjustments.list(user, query) } }),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/admin/payments/manual-adjustments',
    summary: 'Log a manual adjustment (pending until another admin approves it)',
    tags,
    auth: 'admin',
    body: ZManualAdjustmentRequest,
    response: ZManualAdjustmentAnswer,
    errors: [404],
    successStatus: 201,
    handler: async ({ user, body }) => ({ ok: true as const, data: { adjustment: await adjustments.create(user, body) } }),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/admin/payments/manual-adjustments/{id}/approve',
    summary: 'Approve (never your own): applied through the wallet ledger, once',
    tags,
    auth: 'admin',
    params: ZIdParams,
    body: ZReviewAdjustmentRequest,
    response: ZReviewAdjustmentAnswer,
    errors: [404, 409],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: await adjustments.approve(user, params.id, body.notes) }),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/admin/payments/manual-adjustments/{id}/reject',
    summary: 'Reject (never your own): nothing moves',
    tags,
    auth: 'admin',
    params: ZIdParams,
    body: ZReviewAdjustmentRequest,
    response: ZReviewAdjustmentAnswer,
    errors: [404, 409],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: await adjustments.reject(user, params.id, body.notes) }),
  });
}
