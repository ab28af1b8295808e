import type { FastifyInstance } from 'fastify';
import { metricsCalls } from '@betoch/contracts/routes/metrics';
import { METRICS_ALERTS_HOURS, METRICS_DAILY_DAYS } from '@betoch/contracts/constants';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { MetricsService } from './metrics.service.ts';

export function metricsRoutes(app: FastifyInstance, ctx: AppContext, metrics: MetricsService): void {
  const tags = ['admin'];

  route(app, ctx, {
    ...metricsCalls.daily,
    summary: 'The last 14 days (Addis Ababa): listings, reports, unlocks, credits spent, auto hides, chats started',
    tags,
    auth: 'admin',
    handler: async ({ user }) => ({ ok: true as const, data: { days: METRICS_DAILY_DAYS, series: await metrics.daily(user) } }),
  });

  route(app, ctx, {
    ...metricsCalls.funnels,
    summary: 'Conversation funnel of the last 30 days: started, owner replied, unlocked, unlock rate (%)',
    tags,
    auth: 'admin',
    handler: async ({ user }) => ({ ok: true as const, data: await metrics.funnel(user) }),
  });

  route(app, ctx, {
    ...metricsCalls.alerts,
    summary: 'Alerts of the last 24 hours raised by the trust-and-safety rules',
    tags,
    auth: 'admin',
    handler: async ({ user }) => ({ ok: true as const, data: { hours: METRICS_ALERTS_HOURS, items: await metrics.alerts(user) } }),
  });
}
