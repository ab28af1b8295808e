import { z } from 'zod';
import { okAnswer } from './common.ts';
import { ZUser } from './auth.ts';

/** Telegram (docs/telegram.md): the account's link to the bot. */

export const ZTelegramLanguage = z.enum(['en', 'am']);

/** GET /account/telegram: whether the bot exists here, and whether this account is linked. */
export const ZTelegramStatusAnswer = okAnswer({
  /** False without a bot (TELEGRAM_BOT_TOKEN unset): every Telegram control is hidden. */
  available: z.boolean(),
  /** Demo mode's built-in bot: its messages are shown on /account (GET /demo/telegram). */
  demo_bot: z.boolean().optional(),
  linked: z.boolean(),
  linked_at: z.iso.datetime().nullable(),
});
export type TTelegramStatusAnswer = z.infer<typeof ZTelegramStatusAnswer>;

/** POST /account/telegram/link: a one-time start link (10 minutes) in the user's language. */
export const ZTelegramLinkRequest = z.strictObject({ language: ZTelegramLanguage.default('en') });
export const ZTelegramLinkAnswer = okAnswer({
  /** https://t.me/<bot>?start=<token> */
  url: z.url(),
  expires_at: z.iso.datetime(),
});
export type TTelegramLinkAnswer = z.infer<typeof ZTelegramLinkAnswer>;

/** POST /telegram/webhook: what the webhook answers Telegram. */
export const ZTelegramWebhookAnswer = okAnswer({ duplicate: z.boolean() });

/** An update as the webhook takes it: an update_id, the rest is read by the processor. */
export const ZTelegramUpdate = z.looseObject({ update_id: z.number().int().nonnegative() });

/**
 * POST /auth/telegram: 'Continue with Telegram'. The Login Widget's signed fields, or the ID token of
 * Telegram's OpenID Connect login. No SMS is sent.
 */
export const ZTelegramSignInRequest = z.strictObject({
  widget: z.record(z.string().max(64), z.union([z.string().max(512), z.number()])).optional(),
  id_token: z.string().min(20).max(8192).optional(),
});
export type TTelegramSignInRequest = z.infer<typeof ZTelegramSignInRequest>;

/**
 * signed_in: the account of the verified phone (or of the linked Telegram); signup: no account has
 * the verified phone (the signup form starts with it filled in); phone_code: Telegram shared no
 * phone and no account is linked: the phone code as today.
 */
export const ZTelegramSignInAnswer = okAnswer({
  status: z.enum(['signed_in', 'signup', 'phone_code']),
  token: z.string().optional(),
  user: ZUser.optional(),
  phone: z.string().optional(),
});
export type TTelegramSignInAnswer = z.infer<typeof ZTelegramSignInAnswer>;

/** GET /auth/telegram/options: whether /login and /signup offer 'Continue with Telegram', and how. */
export const ZTelegramOptionsAnswer = okAnswer({ login: z.enum(['oidc', 'widget', 'off']) });
export type TTelegramOptionsAnswer = z.infer<typeof ZTelegramOptionsAnswer>;

/** GET /auth/telegram/start: the page it was started from, its language, and where to go after. */
export const ZTelegramStartQuery = z.object({
  page: z.enum(['login', 'signup']).default('login'),
  lng: ZTelegramLanguage.catch('en').default('en'),
  from: z.string().max(500).optional(),
});
export type TTelegramStartQuery = z.infer<typeof ZTelegramStartQuery>;

/** GET /auth/telegram/callback: Telegram's answer (a code, or an error such as access_denied). */
export const ZTelegramCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

/** GET /auth/telegram/widget: the Login Widget's signed fields, and the flow's state. */
export const ZTelegramWidgetQuery = z.record(z.string().max(64), z.string().max(512));

/** A ticket Telegram's sign-in handed to /login or /signup. */
export const ZTelegramTicketRequest = z.strictObject({ ticket: z.string().min(16).max(2000) });

/** POST /auth/telegram/signup-ticket: the verified phone a signup ticket stands for (not spent). */
export const ZTelegramSignupTicketAnswer = okAnswer({ phone: z.string(), expires_at: z.iso.datetime() });
export type TTelegramSignupTicketAnswer = z.infer<typeof ZTelegramSignupTicketAnswer>;

/** Demo mode's built-in bot: one message the bot sent to the signed-in account's chat. */
export const ZTelegramDemoMessage = z.object({
  id: z.number().int(),
  kind: z.enum(['text', 'photo']),
  text: z.string(),
  photo: z.string().optional(),
  buttons: z.array(z.object({ text: z.string(), url: z.string().optional(), callback_data: z.string().optional() })),
  at: z.iso.datetime(),
});

/** GET /demo/telegram: the demo bot's messages to the signed-in account, newest first. */
export const ZTelegramDemoAnswer = okAnswer({ linked: z.boolean(), messages: z.array(ZTelegramDemoMessage) });
export type TTelegramDemoAnswer = z.infer<typeof ZTelegramDemoAnswer>;

/** POST /demo/telegram/press: a tap on one of the bot's buttons, as Telegram would deliver it. */
export const ZTelegramDemoPressRequest = z.strictObject({ callback_data: z.string().min(1).max(64) });
export const ZTelegramDemoPressAnswer = okAnswer({ answer: z.string() });
