import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { adjustmentsRoutes } from '../adjustments/adjustments.routes.ts';
import { createAdjustmentsService } from '../adjustments/adjustments.service.ts';
import { adminPaymentsRoutes } from '../admin-payments/admin-payments.routes.ts';
import { createAdminPaymentsService } from '../admin-payments/admin-payments.service.ts';
import { duplicatesRoutes } from '../duplicates/duplicates.routes.ts';
import { createDuplicatesService } from '../duplicates/duplicates.service.ts';
import { metricsRoutes } from '../metrics/metrics.routes.ts';
import { createMetricsService } from '../metrics/metrics.service.ts';
import { reportsRoutes } from '../reports/reports.routes.ts';
import { createReportsService } from '../reports/reports.service.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { createModerationService } from './moderation.service.ts';

/**
 * Trust and safety: POST /reports and every /admin call (moderation, duplicates, payments,
 * adjustments, metrics). Answers the hook the listings service calls after a publish commits.
 */
export function setUpTrustAndSafety(app: FastifyInstance, ctx: AppContext, urlFor: PhotoUrlFor) {
  const duplicates = createDuplicatesService(ctx, urlFor);
  reportsRoutes(app, ctx, createReportsService(ctx));
  moderationRoutes(app, ctx, createModerationService(ctx));
  duplicatesRoutes(app, ctx, duplicates);
  adminPaymentsRoutes(app, ctx, createAdminPaymentsService(ctx));
  adjustmentsRoutes(app, ctx, createAdjustmentsService(ctx));
  metricsRoutes(app, ctx, createMetricsService(ctx));
  return { afterPublish: (listingId: string) => duplicates.afterPublish(listingId) };
}
