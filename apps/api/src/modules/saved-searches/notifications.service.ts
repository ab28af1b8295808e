import { timingSafeEqual } from 'node:crypto';
import { ZId } from '@betoch/contracts/common';
import { LISTING_TYPES } from '@betoch/contracts/constants';
import { NOTIFICATIONS_PAGE_SIZE, SMS_STOP_WORDS, type TNotification, type TSmsInboundRequest } from '@betoch/contracts/saved-searches';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { normalizePhone } from '@betoch/contracts/phone';
import { countUnread, listNotifications, markAllRead, markRead, type NotificationListRow } from './notifications.repository.ts';
import { stopSmsForPhone } from './saved-searches.repository.ts';
import { tellUnreadCounts } from './unread-count-event.ts';

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function toNotification(row: NotificationListRow): TNotification {
  return {
    _id: row.id,
    kind: row.kind,
    listing: {
      _id: row.listing_id,
      // What the public reads of the title: the masked form.
      title: row.title_masked ?? row.title,
      title_generated: row.title_generated,
      type: (LISTING_TYPES as readonly string[]).includes(row.type) ? (row.type as TNotification['listing']['type']) : 'apartment',
      bedrooms: row.bedrooms,
      subcity: row.subcity,
      price: row.price_etb,
      available: row.available,
    },
    search_name: row.search_name,
    read: row.read_at !== null,
    created_at: iso(row.created_at),
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createNotificationsService(ctx: AppContext, bus: EventBus) {
  const tell = (userId: string) => tellUnreadCounts(ctx, bus, [userId]);

  return {
    /** GET /notifications: the newest first, and the unread count. */
    async list(user: AuthUser): Promise<{ notifications: TNotification[]; unread: number }> {
      const [rows, unread] = await Promise.all([listNotifications(ctx.db, user.id, ctx.now(), NOTIFICATIONS_PAGE_SIZE), countUnread(ctx.db, user.id)]);
      return { notifications: rows.map(toNotification), unread };
    },

    unreadCount: (user: AuthUser) => countUnread(ctx.db, user.id),

    /** POST /notifications/{id}/read: read (again is fine); the person's other tabs hear the new count. */
    async markRead(user: AuthUser, rawId: string): Promise<number> {
      if (!ZId.safeParse(rawId).success) throw new AppError('not_found', 'Notification not found.');
      const listingId = await markRead(ctx.db, user.id, rawId.toLowerCase(), ctx.now());
      if (!listingId) throw new AppError('not_found', 'Notification not found.');
      await tell(user.id);
      return countUnread(ctx.db, user.id);
    },

    /** POST /notifications/read-all. */
    async markAllRead(user: AuthUser): Promise<void> {
      await markAllRead(ctx.db, user.id, ctx.now());
      await tell(user.id);
    },

    /** The event a new stream starts with: the unread count, so the bell is right after a reconnect. */
    async firstEvents(userId: string) {
      return [{ type: 'notifications' as const, data: { count: await countUnread(ctx.db, userId) } }];
    },

    /**
     * POST /sms/inbound: a reply forwarded by the SMS gateway. Off (404) unless SMS_INBOUND_SECRET is
     * set; a wrong secret is 401. A stop word turns every SMS digest of the sender's phone off.
     */
    async inbound(secret: string | undefined, body: TSmsInboundRequest): Promise<number> {
      const expected = ctx.env.smsInboundSecret;
      if (!expected) throw new AppError('route_not_found');
      if (!secret || !sameSecret(secret, expected)) throw new AppError('invalid_signature', 'The inbound SMS secret is not valid.');
      const text = (body.message ?? body.text ?? '')
        .trim()
        .replace(/[.!።]+$/u, '')
        .toUpperCase();
      const phone = normalizePhone(body.from ?? body.phone ?? '');
      if (!phone || !(SMS_STOP_WORDS as readonly string[]).includes(text)) return 0;
      return stopSmsForPhone(ctx.db, phone);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
