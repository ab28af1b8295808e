import type { FastifyInstance } from 'fastify';
import { duplicatesCalls } from '@betoch/contracts/routes/duplicates';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { DuplicatesService } from './duplicates.service.ts';

export function duplicatesRoutes(app: FastifyInstance, ctx: AppContext, duplicates: DuplicatesService): void {
  const tags = ['admin'];

  route(app, ctx, {
    ...duplicatesCalls.listClusters,
    summary: 'Duplicate clusters (awaiting review by default) with members and signals.matches[{score, reasons}]',
    tags,
    auth: 'admin',
    handler: async ({ user, query }) => ({ ok: true as const, data: { items: await duplicates.list(user, query) } }),
  });

  route(app, ctx, {
    ...duplicatesCalls.mergeCluster,
    summary: 'Keep the chosen primary listing (a member), hide the other members',
    tags,
    auth: 'admin',
    errors: [404, 409],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: { cluster: await duplicates.merge(user, params.id, body.primaryListingId) } }),
  });

  route(app, ctx, {
    ...duplicatesCalls.dismissCluster,
    summary: 'A false positive: the pairs are recorded as not duplicates and never flagged again',
    tags,
    auth: 'admin',
    errors: [404, 409],
    handler: async ({ user, params }) => ({ ok: true as const, data: { cluster: await duplicates.dismiss(user, params.id) } }),
  });

  route(app, ctx, {
    ...duplicatesCalls.removeCluster,
    summary: 'Hide every listing of the cluster',
    tags,
    auth: 'admin',
    errors: [404, 409],
    handler: async ({ user, params }) => ({ ok: true as const, data: { cluster: await duplicates.remove(user, params.id) } }),
  });
}
