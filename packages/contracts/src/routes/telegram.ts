import { defineRoute } from '../route-contract.ts';
import { ZOkAnswer } from '../common.ts';
import {
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
  webhook: defineRoute({
    method: 'POST',
    path: '/telegram/webhook',
    body: ZTelegramUpdate,
    response: ZTelegramWebhookAnswer,
  }),
};
