import { z } from 'zod';
import { okAnswer } from './common.ts';

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
