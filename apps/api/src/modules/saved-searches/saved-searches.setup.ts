import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createAlertMatcher } from './alert-matcher.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';
import { savedSearchesRoutes } from './saved-searches.routes.ts';
import { createSavedSearchesService } from './saved-searches.service.ts';
import { createSmsDigest } from './sms-digest.ts';

/**
 * Saved searches and their alerts: the calls, the matcher that turns a listing gone live
 * into notifications (kicked after each publish, and a periodic job), and the SMS digest job.
 */
export function setUpSavedSearches(app: FastifyInstance, ctx: AppContext, bus: EventBus, onNotified?: (userIds: string[]) => Promise<unknown>) {
  const notifications = createNotificationsService(ctx, bus);
  savedSearchesRoutes(app, ctx, createSavedSearchesService(ctx));
  notificationsRoutes(app, ctx, notifications);
  const matcher = createAlertMatcher(ctx, bus, onNotified);
  const digest = createSmsDigest(ctx);
  app.addHook('preClose', async () => matcher.settle());
  return {
    matcher,
    digest,
    /** The stream's first event: the unread notifications count. */
    firstEvents: (userId: string) => notifications.firstEvents(userId),
  };
}

export type SavedSearchesSetUp = ReturnType<typeof setUpSavedSearches>;
