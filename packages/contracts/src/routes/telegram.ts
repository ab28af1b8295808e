import { defineRoute } from '../route-contract.ts';
import { ZOkAnswer } from '../common.ts';
import { ZSessionAnswer } from '../auth.ts';
import {
  ZTelegramCallbackQuery,
  ZTelegramOptionsAnswer,
  ZTelegramSignupTicketAnswer,
  ZTelegramStartQuery,
  ZTelegramTicketRequest,
  ZTelegramWidgetQuery,
  ZTelegramLinkAnswer,
  ZTelegramLinkRequest,
  ZTelegramSignInAnswer,
  ZTelegramSignInRequest,
  ZTelegramStatusAnswer,
  ZTelegramUpdate,
  ZTelegramWebhookAnswer,
} from '../telegram.ts';

/** The Telegram calls: method, path, what each takes and answers. */
export const telegramCalls = {
  getTelegram: defineRoute({
    method: 'GET',
    path: '/account/telegram',
    response: ZTelegramStatusAnswer,
  }),
  createTelegramLink: defineRoute({
    method: 'POST',
    path: '/account/telegram/link',
    body: ZTelegramLinkRequest,
    response: ZTelegramLinkAnswer,
  }),
  disconnectTelegram: defineRoute({
    method: 'DELETE',
    path: '/account/telegram',
    response: ZOkAnswer,
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/auth/telegram',
    body: ZTelegramSignInRequest,
    response: ZTelegramSignInAnswer,
  }),
  loginOptions: defineRoute({
    method: 'GET',
    path: '/auth/telegram/options',
    response: ZTelegramOptionsAnswer,
  }),
  /** A redirect (303) to Telegram; the answer's body is never JSON. */
  loginStart: defineRoute({
    method: 'GET',
    path: '/auth/telegram/start',
    query: ZTelegramStartQuery,
    response: ZOkAnswer,
  }),
  /** A redirect (303) to /login or /signup. */
  loginCallback: defineRoute({
    method: 'GET',
    path: '/auth/telegram/callback',
    query: ZTelegramCallbackQuery,
    response: ZOkAnswer,
  }),
  /** A redirect (303) to /login or /signup. */
  loginWidget: defineRoute({
    method: 'GET',
    path: '/auth/telegram/widget',
    query: ZTelegramWidgetQuery,
    response: ZOkAnswer,
  }),
  redeemTicket: defineRoute({
    method: 'POST',
    path: '/auth/telegram/session',
    body: ZTelegramTicketRequest,
    response: ZSessionAnswer,
  }),
  signupTicket: defineRoute({
    method: 'POST',
    path: '/auth/telegram/signup-ticket',
    body: ZTelegramTicketRequest,
    response: ZTelegramSignupTicketAnswer,
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/telegram/webhook',
    body: ZTelegramUpdate,
    response: ZTelegramWebhookAnswer,
  }),
};
