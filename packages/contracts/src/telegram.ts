import { z } from 'zod';
import { okAnswer } from './common.ts';
import { ZUser } from './auth.ts';

/** Telegram (docs/telegram.md): the account's link to the bot. */

export const ZTelegramLanguage = z.enum(['en', 'am']);

/** GET /account/telegram: whether the bot exists here, and whether this account is linked. */
export const ZTelegramStatusAnswer = okAnswer({
  /** False without a bot (TELEGRAM_BOT_TOKEN unset): every Telegram control is hidden. */
  available: z.boolean(),
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
