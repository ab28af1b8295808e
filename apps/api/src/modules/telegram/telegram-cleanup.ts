import type { DbOrTx } from '../../db/client.ts';
import { deleteDeadStartTokens, deleteOldOutbox, deleteOldUpdates } from './telegram.repository.ts';

/** How long processed updates and finished sends are kept (for operators), then deleted. */
export const TELEGRAM_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** The daily clean-up: start tokens past their expiry, processed updates and finished sends past TELEGRAM_KEEP_MS. */
export async function cleanUpTelegram(db: DbOrTx, now: Date): Promise<{ startTokens: number; updates: number; sends: number }> {
  const before = new Date(now.getTime() - TELEGRAM_KEEP_MS);
  return { startTokens: await deleteDeadStartTokens(db, now), updates: await deleteOldUpdates(db, before), sends: await deleteOldOutbox(db, before) };
}
