import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { upsertLink, type TelegramLanguage } from './telegram.repository.ts';

/** A demo account's Telegram chat: a made-up private chat id of its own (Telegram's ids are positive). */
export function demoChatId(userId: string): number {
  return 6_000_000_000 + (Number.parseInt(createHash('sha256').update(userId).digest('hex').slice(0, 8), 16) % 1_000_000_000);
}

/** Demo mode's built-in bot: an account linked to its demo chat (the demo seed's connected landlord). */
export async function linkDemoTelegram(db: DbOrTx, userId: string, language: TelegramLanguage, at: Date): Promise<void> {
  await upsertLink(db, userId, demoChatId(userId), language, at);
}
