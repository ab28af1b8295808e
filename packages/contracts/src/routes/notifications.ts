import { defineRoute } from '../route-contract.ts';
import { ZIdParams, ZOkAnswer } from '../common.ts';
import { ZNotificationsAnswer, ZNotificationsUnreadAnswer, ZSmsInboundAnswer, ZSmsInboundRequest } from '../saved-searches.ts';

/** The notifications calls: method, path, what each takes and answers. */
export const notificationsCalls = {
  listNotifications: defineRoute({
    method: 'GET',
    path: '/notifications',
    response: ZNotificationsAnswer,
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/notifications/unread-count',
    response: ZNotificationsUnreadAnswer,
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/notifications/:id/read',
    params: ZIdParams,
    response: ZNotificationsUnreadAnswer,
  }),
  markAllRead: defineRoute({
    method: 'POST',
    path: '/notifications/read-all',
    response: ZOkAnswer,
  }),
  smsInbound: defineRoute({
    method: 'POST',
    path: '/sms/inbound',
    body: ZSmsInboundRequest,
    response: ZSmsInboundAnswer,
  }),
};
