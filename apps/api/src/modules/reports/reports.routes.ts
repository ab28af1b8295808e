import type { FastifyInstance } from 'fastify';
import { reportsCalls } from '@betoch/contracts/routes/reports';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { ReportsService } from './reports.service.ts';

export function reportsRoutes(app: FastifyInstance, ctx: AppContext, reports: ReportsService): void {
  route(app, ctx, {
    ...reportsCalls.createReport,
    summary: 'Report a listing or a conversation (one report per target while its case is open)',
    tags: ['reports'],
    auth: 'user',
    errors: [403, 404, 409, 429],
    handler: async ({ user, body }) => ({ ok: true as const, report: await reports.file(user, body) }),
  });
}
