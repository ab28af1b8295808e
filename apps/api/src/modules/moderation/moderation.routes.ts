import type { FastifyInstance } from 'fastify';
import { ZIdParams } from '@betoch/contracts/common';
import {
  ZModerationActionAnswer,
  ZModerationActionRequest,
  ZModerationCasesAnswer,
  ZModerationCasesQuery,
} from '@betoch/contracts/admin';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { ModerationService } from './moderation.service.ts';

export function moderationRoutes(app: FastifyInstance, ctx: AppContext, moderation: ModerationService): void {
  const tags = ['admin'];

  route(app, ctx, {
    method: 'GET',
    url: '/admin/moderation/cases',
    summary: 'Moderation cases (open or closed, newest first, at most 50) with reports, target summary and trust score',
    tags,
    auth: 'admin',
    query: ZModerationCasesQuery,
    response: ZModerationCasesAnswer,
    handler: async ({ user, query }) => ({ ok: true as const, data: { items: await moderation.list(user, query) } }),
  });

  route(app, ctx, {
    method: 'POST',
    url: '/admin/moderation/cases/{id}/actions',
    summary: 'Warn, hide, suspend (7 days), ban or restore; audited; closes the case',
    tags,
    auth: 'admin',
    params: ZIdParams,
    body: ZModerationActionRequest,
    response: ZModerationActionAnswer,
    errors: [404],
    handler: async ({ user, params, body }) => ({ ok: true as const, data: { case: await moderation.act(user, params.id, body) } }),
  });
}
