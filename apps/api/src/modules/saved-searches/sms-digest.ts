import { SMS_QUIET_FROM_HOUR, SMS_QUIET_UNTIL_HOUR } from '@betoch/contracts/saved-searches';
import { addisClock } from '../../lib/addis-time.ts';
import type { AppContext } from '../../app-context.ts';
import { claimDigest, digestCandidates, markDigested, releaseDigest } from './notifications.repository.ts';
import { findSavedSearch } from './saved-searches.repository.ts';
import { filtersOf } from './saved-searches.service.ts';

/** Notifications older than this are not sent by SMS any more (the in-app list still has them). */
const DIGEST_LOOKBACK_HOURS = 48;

/** True from 21:00 to 06:59 Addis time: no SMS then. */
export function inQuietHours(now: Date): boolean {
  const { hour } = addisClock(now);
  return hour >= SMS_QUIET_FROM_HOUR || hour < SMS_QUIET_UNTIL_HOUR;
}

function digestText(count: number, link: string): string {
  const en = count === 1 ? '1 new home matches your saved search' : `${count} new homes match your saved searches`;
  return `Betoch: ${en}: ${link} Reply STOP to stop. ቤቶች፦ ${count} አዲስ ቤት ፍለጋዎን ያሟላል። ለማቆም STOP ይላኩ።`;
}

/**
 * The SMS digest (a periodic job, so one server runs it per period): outside quiet hours, each
 * person with notifications of SMS-enabled saved searches not yet sent gets one text, at most one
 * per Addis calendar day (sms_digests is the claim, taken before sending and given back if the
 * gateway refuses). Notifications that arrive in quiet hours wait for the first run after 07:00.
 * The link opens the results: the search on /browse when one search matched, else /notifications.
 */
export function createSmsDigest(ctx: AppContext) {
  const base = ctx.env.publicUrl ?? `http://localhost:${ctx.env.port}`;

  async function linkFor(userId: string, searchIds: string[]): Promise<string> {
    if (searchIds.length === 1) {
      const search = await findSavedSearch(ctx.db, userId, searchIds[0]!);
      if (search) {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(filtersOf(search))) params.set(key, String(value));
        const query = params.toString();
        return `${base}/browse${query ? `?${query}` : ''}`;
      }
    }
    return `${base}/notifications`;
  }

  return {
    async run(now: Date): Promise<{ sent: number; quiet?: true }> {
      if (inQuietHours(now)) return { sent: 0, quiet: true };
      const { day } = addisClock(now);
      let sent = 0;
      for (const candidate of await digestCandidates(ctx.db, now, day, DIGEST_LOOKBACK_HOURS)) {
        if (!(await claimDigest(ctx.db, candidate.user_id, day, now, candidate.listings))) continue;
        try {
          await ctx.sms.send(candidate.phone, digestText(candidate.listings, await linkFor(candidate.user_id, candidate.searches)));
        } catch (error) {
          await releaseDigest(ctx.db, candidate.user_id, day);
          ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'sms digest not sent; retried on the next run');
          continue;
        }
        await markDigested(ctx.db, candidate.user_id, now);
        sent += 1;
      }
      return { sent };
    },
  };
}
