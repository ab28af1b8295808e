import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';
import { adminAudit } from '../../db/schema/trust.ts';

/**
 * The SQL of hiding listings (./listing-hiding.ts): the listing's hidden state, and what the broker
 * rule counts.
 */

export async function lockListingRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: listings.id,
      posterId: listings.posterId,
      adminHidden: listings.adminHidden,
      hiddenReason: listings.hiddenReason,
      hiddenAt: listings.hiddenAt,
    })
    .from(listings)
    .where(eq(listings.id, id))
    .for('no key update');
  return row;
}

export async function findListingPoster(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ posterId: listings.posterId }).from(listings).where(eq(listings.id, id)).limit(1);
  return row?.posterId;
}

/** Hides (reason and time) or shows again (null) a listing. */
export async function setListingHidden(db: DbOrTx, id: string, hidden: { reason: string; at: Date } | null): Promise<void> {
  await db
    .update(listings)
    .set(hidden ? { adminHidden: true, hiddenReason: hidden.reason, hiddenAt: hidden.at } : { adminHidden: false, hiddenReason: null, hiddenAt: null })
    .where(eq(listings.id, id));
}

/** Listings of the poster hidden by moderation at or after `since` and still hidden. */
export async function countHiddenListingsSince(db: DbOrTx, posterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.posterId, posterId), eq(listings.adminHidden, true), gte(listings.hiddenAt, since)));
  return Number(row?.n ?? 0);
}

/** When an admin last lifted the user's posting block (null: never). */
export async function lastPostingUnblockAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`max(${adminAudit.createdAt})` })
    .from(adminAudit)
    .where(and(eq(adminAudit.subjectUserId, userId), eq(adminAudit.action, 'unblock_posting')));
  return row?.at ? new Date(row.at) : null;
}
