import { LANDLORD_LIVE_LISTING_CAP } from '@betoch/contracts/constants';
import type { Tx } from '../../db/client.ts';
import type { NewListingRow } from '../../db/schema/listings.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { spendPostCreditForPublish } from '../wallet/ledger.ts';
import { countLiveListings } from './listings.repository.ts';

/**
 * A listing going live, by a publish (listings.service.ts) or a renewal (freshness.service.ts),
 * in the caller's transaction with the poster locked: what it costs, and the columns it writes.
 */

/**
 * A broker's publish takes a post credit (nothing under the unlimited plan, nor when `free`);
 * anyone else's needs a place under the live-listing cap (403 landlord_listing_limit_exceeded).
 * Answers what was spent, or null when nothing was.
 */
export async function chargeGoingLive(
  tx: Tx,
  poster: Pick<UserRow, 'id' | 'userType'>,
  listingId: string,
  now: Date,
  free = false,
): Promise<{ postCredits: number; coveredByPlan: boolean } | null> {
  if (poster.userType === 'delala') return free ? null : spendPostCreditForPublish(tx, poster.id, listingId, now);
  if ((await countLiveListings(tx, poster.id)) >= LANDLORD_LIVE_LISTING_CAP) throw new AppError('landlord_listing_limit_exceeded');
  return null;
}

/** Live, confirmed now, with no ask or expiry pending. */
export function goingLiveColumns(now: Date) {
  return {
    visibility: 'live',
    confirmedAt: now,
    confirmAskedAt: null,
    expiredAt: null,
    expiredReason: null,
    updatedAt: now,
  } satisfies Partial<NewListingRow>;
}
