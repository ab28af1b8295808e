import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@betoch/contracts/saved-searches';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { notifications } from '../../db/schema/alerts.ts';
import { listings } from '../../db/schema/listings.ts';
import { publiclyVisible } from '../listings/listing-visibility.ts';

/** The listing `l` of these queries. */
const l = alias(listings, 'l');

export interface NotificationListRow {
  id: string;
  kind: NotificationKind;
  created_at: Date | string;
  read_at: Date | string | null;
  search_name: string | null;
  listing_id: string;
  title: string;
  title_masked: string | null;
  title_generated: boolean;
  type: string;
  bedrooms: number | null;
  subcity: string;
  price_etb: number;
  available: boolean;
}

/** The person's notifications of both kinds, newest first, with what the list shows of each listing. */
export async function listNotifications(db: DbOrTx, userId: string, now: Date, limit: number): Promise<NotificationListRow[]> {
  return rowsOf<NotificationListRow>(
    db,
    sql`SELECT n.id, n.kind, n.created_at, n.read_at, s.name AS search_name, l.id AS listing_id, l.title, l.title_masked,
               l.title_generated, l.type, l.bedrooms, l.subcity, l.price_etb,
               (${publiclyVisible(now, l)}) AS available
          FROM notifications n
          JOIN listings l ON l.id = n.listing_id
          LEFT JOIN saved_searches s ON s.id = n.saved_search_id
         WHERE n.user_id = ${userId}
         ORDER BY n.created_at DESC, n.id DESC
         LIMIT ${limit}`,
  );
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one read; answers its listing id, or undefined when it is not this person's. */
export async function markRead(db: DbOrTx, userId: string, id: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ listingId: notifications.listingId });
  return row?.listingId;
}

export async function markAllRead(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

// ---------------------------------------------------------------------------------------------
// The SMS digest.

export interface DigestCandidate {
  user_id: string;
  phone: string;
  /** Notifications not yet in a digest, of searches whose SMS is on. */
  listings: number;
  /** Saved searches among them (the link names the one search when there is one). */
  searches: string[];
}

/**
 * People with new-match notifications waiting for an SMS digest: created in the last `sinceHours`,
 * never in a digest, of a saved search whose alerts and SMS are both on now, listing still public;
 * the person active and without a digest on `addisDay` already. (A saved home gone from the market
 * is told in the app only: the digest is of new matches.)
 */
export async function digestCandidates(db: DbOrTx, now: Date, addisDay: string, sinceHours: number): Promise<DigestCandidate[]> {
  const since = new Date(now.getTime() - sinceHours * 3600_000).toISOString();
  return rowsOf<DigestCandidate>(
    db,
    sql`SELECT n.user_id, u.phone, count(*)::int AS listings, array_agg(DISTINCT s.id::text) AS searches
          FROM notifications n
          JOIN saved_searches s ON s.id = n.saved_search_id AND s.sms = true AND s.alerts = true
          JOIN users u ON u.id = n.user_id AND u.status <> 'banned'
          JOIN listings l ON l.id = n.listing_id AND ${publiclyVisible(now, l)}
         WHERE n.kind = 'saved_search_match' AND n.sms_sent_at IS NULL AND n.created_at >= ${since}::timestamptz
           AND NOT EXISTS (SELECT 1 FROM sms_digests d WHERE d.user_id = n.user_id AND d.addis_day = ${addisDay}::date)
         GROUP BY n.user_id, u.phone`,
  );
}

/** Takes the day's one digest for the person; false when another run took it first. */
export async function claimDigest(db: DbOrTx, userId: string, addisDay: string, now: Date, listings: number): Promise<boolean> {
  const rows = await rowsOf<{ user_id: string }>(
    db,
    sql`INSERT INTO sms_digests (user_id, addis_day, sent_at, listings)
        VALUES (${userId}, ${addisDay}::date, ${now.toISOString()}::timestamptz, ${listings})
        ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  return rows.length === 1;
}

/** A send failed: the day's claim is given back, so a later run tries again. */
export async function releaseDigest(db: DbOrTx, userId: string, addisDay: string): Promise<void> {
  await db.execute(sql`DELETE FROM sms_digests WHERE user_id = ${userId} AND addis_day = ${addisDay}::date`);
}

/** The waiting new-match notifications the digest named are done with (also those of searches without SMS). */
export async function markDigested(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE notifications SET sms_sent_at = ${now.toISOString()}::timestamptz WHERE user_id = ${userId} AND kind = 'saved_search_match' AND sms_sent_at IS NULL AND created_at <= ${now.toISOString()}::timestamptz`,
  );
}
