import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { mayReadMetrics } from './metrics-access.ts';

export const METRICS_PATH = '/metrics';

/** GET /metrics: the Prometheus text format, for the bearer of METRICS_TOKEN or a private address. */
export function opsMetricsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(METRICS_PATH, { compress: false }, async (req, reply) => {
    if (!mayReadMetrics(req, ctx.env.metricsToken)) throw new AppError('forbidden');
    const text = await ctx.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(ctx.metrics.registry.contentType).send(text);
  });
}
