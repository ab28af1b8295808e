import type { AppContext } from '../../app-context.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { countUnread } from './notifications.repository.ts';

/**
 * Sends each person their unread notifications count on the event stream (the bell asks for it
 * again at once). Call after the commit that changed their notifications; a failure is logged.
 */
export async function tellUnreadCounts(ctx: AppContext, bus: EventBus, userIds: Iterable<string>): Promise<void> {
  for (const userId of new Set(userIds)) {
    try {
      await bus.publish(userId, { type: 'notifications', data: { count: await countUnread(ctx.db, userId) } });
    } catch (error) {
      ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not send a notifications event');
    }
  }
}
