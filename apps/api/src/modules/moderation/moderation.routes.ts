import type { FastifyInstance } from 'fastify';
import { moderationCalls } from '@betoch/contracts/routes/moderation';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { ModerationService } from './moderation.service.ts';

export function moderationRoutes(app: FastifyInstance, ctx: AppContext, moderation: ModerationService): void {
  const tags = ['admin'];

  route(app, ctx, {
    ...moderationCalls.listCases,
    summary: 'Moderation cases (open or closed, newest first, at most 50) with reports, target summary and trust score',
    tags,
    auth: 'admin',
    handler: async ({ user, query }) => ({ ok: true as const, data: { items: await moderation.list(user, query) } }),
  });

  route(app, ctx, {
    ...moderationCalls.actOnCase,
    summary: 'Warn, hide, suspend (7 days), ban or restore; audited; closes the case',
    tags,
    auth: 'admin',
    errors: [404],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: { case: await moderation.act(user, params.id, body) } }),
  });
}
