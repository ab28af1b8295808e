import { defineRoute } from '../route-contract.ts';
import { ZDemoEndCooldownRequest } from '../auth.ts';
import { ZIdParams, ZOkAnswer } from '../common.ts';
import { ZDemoAgeAnswer, ZDemoAgeRequest, ZDemoSmsAnswer } from '../freshness.ts';
import { ZTelegramLinkRequest, ZTelegramDemoAnswer, ZTelegramDemoPressAnswer, ZTelegramDemoPressRequest } from '../telegram.ts';

/**
 * The demo calls: method, path, what each takes and answers. The server registers them only in
 * demo mode with the console SMS sender (the demo's own inbox).
 */
export const demoCalls = {
  sms: defineRoute({
    method: 'GET',
    path: '/demo/sms',
    response: ZDemoSmsAnswer,
  }),
  telegram: defineRoute({
    method: 'GET',
    path: '/demo/telegram',
    response: ZTelegramDemoAnswer,
  }),
  telegramConnect: defineRoute({
    method: 'POST',
    path: '/demo/telegram/connect',
    body: ZTelegramLinkRequest,
    response: ZOkAnswer,
  }),
  telegramPress: defineRoute({
    method: 'POST',
    path: '/demo/telegram/press',
    body: ZTelegramDemoPressRequest,
    response: ZTelegramDemoPressAnswer,
  }),
  endCodeCooldown: defineRoute({
    method: 'POST',
    path: '/demo/otp-cooldown/end',
    body: ZDemoEndCooldownRequest,
    response: ZOkAnswer,
  }),
  ageListing: defineRoute({
    method: 'POST',
    path: '/demo/listings/:id/age',
    params: ZIdParams,
    body: ZDemoAgeRequest,
    response: ZDemoAgeAnswer,
  }),
};
