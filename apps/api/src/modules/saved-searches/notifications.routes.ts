import type { FastifyInstance } from 'fastify';
import { notificationsCalls } from '@betoch/contracts/routes/notifications';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { NotificationsService } from './notifications.service.ts';

export const SMS_INBOUND_SECRET_HEADER = 'x-sms-inbound-secret';

export function notificationsRoutes(app: FastifyInstance, ctx: AppContext, service: NotificationsService): void {
  route(app, ctx, {
    ...notificationsCalls.listNotifications,
    summary: "The viewer's notifications (new listings matching a saved search; saved listings that left the market), newest first",
    tags: ['notifications'],
    auth: 'user',
    noStore: true,
    handler: async ({ user }) => ({ ok: true as const, ...(await service.list(user)) }),
  });

  route(app, ctx, {
    ...notificationsCalls.unreadCount,
    summary: 'How many notifications the viewer has not opened (the bell)',
    tags: ['notifications'],
    auth: 'user',
    noStore: true,
    handler: async ({ user }) => ({ ok: true as const, count: await service.unreadCount(user) }),
  });

  route(app, ctx, {
    ...notificationsCalls.markRead,
    summary: 'Mark a notification read (opening it)',
    tags: ['notifications'],
    auth: 'user',
    errors: [404],
    handler: async ({ user, params }) => ({ ok: true as const, count: await service.markRead(user, params.id) }),
  });

  route(app, ctx, {
    ...notificationsCalls.markAllRead,
    summary: 'Mark every notification read',
    tags: ['notifications'],
    auth: 'user',
    handler: async ({ user }) => {
      await service.markAllRead(user);
      return { ok: true as const };
    },
  });

  route(app, ctx, {
    ...notificationsCalls.smsInbound,
    summary: `A reply to an SMS, forwarded by the gateway with the shared secret in ${SMS_INBOUND_SECRET_HEADER}; STOP turns SMS digests off`,
    tags: ['notifications'],
    auth: 'none',
    errors: [401, 404],
    handler: async ({ req, body }) => {
      const header = req.headers[SMS_INBOUND_SECRET_HEADER];
      return { ok: true as const, stopped: await service.inbound(typeof header === 'string' ? header : undefined, body) };
    },
  });
}
