import { DELALA_AUTO_BLOCK_HIDDEN, DELALA_AUTO_BLOCK_WINDOW_DAYS } from '@betoch/contracts/constants';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { recordEvents } from '../../lib/product-events.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { appendAutoAction, findOrOpenCase } from '../moderation-cases/moderation-cases.ts';
import { countHiddenListingsSince, findListingPoster, lastPostingUnblockAt, lockListingRow, setListingHidden } from './listing-hiding.repository.ts';
import { lockUser, setPostingBlock } from '../users/user-rows.ts';

/**
 * Hiding listings from the market, shared by every module that hides one: reports past their
 * threshold, duplicates merged, an admin's action (and showing one again). Hiding approves the
 * refund claims waiting on the listing (through the 'listingLeftMarket' event) and applies the broker rule to its poster.
 */

/** Why moderation hid a listing (listings.hidden_reason, shown to its poster). */
export type HiddenReason = 'report_threshold' | 'moderation' | 'duplicate';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Hides listings that are not hidden yet, in the caller's transaction (each one publishes
 * 'listingLeftMarket' in it), then applies the broker
 * rule to their posters. Locks each poster's user row before the listing row (the order publish
 * uses), posters and listings in id order, so concurrent hides and publishes never deadlock.
 * Answers the ids it hid (listings already hidden or deleted are skipped).
 */
export async function hideListings(events: DomainEvents, tx: Tx, ids: string[], reason: HiddenReason, now: Date): Promise<string[]> {
  const byPoster = new Map<string, string[]>();
  for (const id of [...new Set(ids)].sort()) {
    const posterId = await findListingPoster(tx, id);
    if (posterId) byPoster.set(posterId, [...(byPoster.get(posterId) ?? []), id]);
  }
  const posters = new Map<string, UserRow>();
  for (const posterId of [...byPoster.keys()].sort()) {
    const poster = await lockUser(tx, posterId);
    if (poster) posters.set(posterId, poster);
  }
  const hidden: string[] = [];
  const touchedPosters = new Set<string>();
  for (const [posterId, listingIds] of byPoster) {
    for (const id of listingIds) {
      const listing = await lockListingRow(tx, id);
      if (!listing || listing.adminHidden) continue;
      await setListingHidden(tx, id, { reason, at: now });
      await events.publish(tx, 'listingLeftMarket', { listingId: id, reason: 'hidden', at: now });
      hidden.push(id);
      touchedPosters.add(posterId);
    }
  }
  for (const posterId of touchedPosters) {
    const poster = posters.get(posterId);
    if (poster) await applyBrokerAutoBlock(tx, poster, now);
  }
  return hidden;
}

/** Shows a hidden listing again; false when it was not hidden (or is gone). */
export async function showListing(tx: Tx, id: string): Promise<boolean> {
  const posterId = await findListingPoster(tx, id);
  if (!posterId) return false;
  await lockUser(tx, posterId);
  const listing = await lockListingRow(tx, id);
  if (!listing?.adminHidden) return false;
  await setListingHidden(tx, id, null);
  return true;
}

/**
 * A broker with 2 listings hidden by moderation within 30 days has posting blocked, with the
 * reason. Hides before an admin's last unblock do not count again. The block opens (or joins) a user case with an automatic action, so it shows in the moderation queue.
 * `poster` must be locked by the caller. Answers whether it blocked.
 */
export async function applyBrokerAutoBlock(tx: Tx, poster: UserRow, now: Date): Promise<boolean> {
  if (poster.userType !== 'delala' || poster.postingBlockedReason !== null) return false;
  const windowStart = new Date(now.getTime() - DELALA_AUTO_BLOCK_WINDOW_DAYS * DAY_MS);
  const unblockedAt = await lastPostingUnblockAt(tx, poster.id);
  const since = unblockedAt && unblockedAt > windowStart ? unblockedAt : windowStart;
  const hiddenCount = await countHiddenListingsSince(tx, poster.id, since);
  if (hiddenCount < DELALA_AUTO_BLOCK_HIDDEN) return false;

  const reason = `${hiddenCount} listings hidden by moderation within ${DELALA_AUTO_BLOCK_WINDOW_DAYS} days`;
  await setPostingBlock(tx, poster.id, { reason, at: now });
  poster.postingBlockedReason = reason;
  poster.postingBlockedAt = now;
  const userCase = await findOrOpenCase(tx, { type: 'user', id: poster.id, subjectUserId: poster.id, now });
  await appendAutoAction(tx, userCase.id, { type: 'block_posting', reason: 'hidden_listings_threshold', at: now.toISOString() });
  await recordAudit(tx, [
    {
      adminId: null,
      action: 'block_posting',
      targetType: 'user',
      targetId: poster.id,
      caseId: userCase.id,
      subjectUserId: poster.id,
      reason,
      before: { posting_blocked_reason: null },
      after: { posting_blocked_reason: reason },
      at: now,
    },
  ]);
  await recordEvents(tx, [
    { type: 'posting_auto_blocked', actorId: null, subjectType: 'user', subjectId: poster.id, data: { hidden_listings: hiddenCount }, at: now },
  ]);
  return true;
}
