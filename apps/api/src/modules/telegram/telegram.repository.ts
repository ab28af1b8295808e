import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { alias } from 'drizzle-orm/pg-core';
import { listings } from '../../db/schema/listings.ts';
import { publiclyVisible } from '../listings/listing-visibility.ts';
import { telegramLinks, telegramOutbox, telegramStartTokens, telegramUpdates } from '../../db/schema/telegram.ts';

export type TelegramLanguage = 'en' | 'am';

export interface TelegramLinkRow {
  userId: string;
  chatId: number;
  language: TelegramLanguage;
  linkedAt: Date;
}

// ---- links ----

/** The phone of the account (not deleted) linked to this private chat, whose id is the Telegram user's. */
export async function phoneLinkedToChat(db: DbOrTx, chatId: number): Promise<string | null> {
  const rows = await rowsOf<{ phone: string }>(
    db,
    sql`SELECT u.phone FROM telegram_links tl JOIN users u ON u.id = tl.user_id WHERE tl.chat_id = ${chatId} AND u.deleted_at IS NULL`,
  );
  return rows[0]?.phone ?? null;
}

export async function findLinkByUser(db: DbOrTx, userId: string): Promise<TelegramLinkRow | undefined> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
  return row;
}

export async function findLinkByChat(db: DbOrTx, chatId: number): Promise<TelegramLinkRow | undefined> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.chatId, chatId));
  return row;
}

/** Links the chat to the user: the user's earlier chat, if any, is replaced. */
export async function upsertLink(db: DbOrTx, userId: string, chatId: number, language: TelegramLanguage, at: Date): Promise<void> {
  await db
    .insert(telegramLinks)
    .values({ userId, chatId, language, linkedAt: at })
    .onConflictDoUpdate({ target: telegramLinks.userId, set: { chatId, language, linkedAt: at } });
}

/** Unlinks by account; answers whether a link was there. */
export async function deleteLinkByUser(db: DbOrTx, userId: string): Promise<boolean> {
  return (await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning({ u: telegramLinks.userId })).length > 0;
}

/** Unlinks by chat (/stop, or the user blocked the bot); answers whether a link was there. */
export async function deleteLinkByChat(db: DbOrTx, chatId: number): Promise<boolean> {
  return (await db.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId)).returning({ u: telegramLinks.userId })).length > 0;
}

// ---- start tokens ----

export async function insertStartToken(db: DbOrTx, tokenHash: string, userId: string, language: TelegramLanguage, now: Date, expiresAt: Date): Promise<void> {
  // A user's earlier unused tokens are spent: only the newest link works.
  await db
    .update(telegramStartTokens)
    .set({ usedAt: now })
    .where(and(eq(telegramStartTokens.userId, userId), isNull(telegramStartTokens.usedAt)));
  await db.insert(telegramStartTokens).values({ tokenHash, userId, language, createdAt: now, expiresAt });
}

export interface StartTokenRow {
  userId: string;
  language: TelegramLanguage;
  expiresAt: Date;
  usedAt: Date | null;
}

/** The token's row, locked (the caller decides within its transaction). */
export async function lockStartToken(db: DbOrTx, tokenHash: string): Promise<StartTokenRow | undefined> {
  const [row] = await db
    .select({
      userId: telegramStartTokens.userId,
      language: telegramStartTokens.language,
      expiresAt: telegramStartTokens.expiresAt,
      usedAt: telegramStartTokens.usedAt,
    })
    .from(telegramStartTokens)
    .where(eq(telegramStartTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function spendStartToken(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db.update(telegramStartTokens).set({ usedAt: now }).where(eq(telegramStartTokens.tokenHash, tokenHash));
}

export async function deleteDeadStartTokens(db: DbOrTx, before: Date): Promise<number> {
  return (await db.delete(telegramStartTokens).where(lt(telegramStartTokens.expiresAt, before)).returning({ h: telegramStartTokens.tokenHash })).length;
}

// ---- the webhook's inbox ----

/** Keeps an update once: false when this update_id was here already (a redelivery). */
export async function insertUpdate(db: DbOrTx, updateId: number, payload: unknown, now: Date): Promise<boolean> {
  const rows = await db
    .insert(telegramUpdates)
    .values({ updateId, payload, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: telegramUpdates.updateId });
  return rows.length === 1;
}

export interface PendingUpdate {
  update_id: string | number;
  payload: unknown;
  attempts: number;
}

/** Leases up to `limit` unprocessed updates, oldest first, that no other server holds. */
export async function leaseUpdates(db: DbOrTx, now: Date, leaseMs: number, limit: number): Promise<PendingUpdate[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  return rowsOf<PendingUpdate>(
    db,
    sql`UPDATE telegram_updates SET lease_until = ${until}::timestamptz, attempts = attempts + 1
        WHERE update_id IN (
          SELECT update_id FROM telegram_updates
           WHERE processed_at IS NULL AND (lease_until IS NULL OR lease_until <= ${at}::timestamptz)
           ORDER BY update_id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING update_id, payload, attempts`,
  );
}

export async function finishUpdate(db: DbOrTx, updateId: number, now: Date, outcome: string): Promise<void> {
  await db.update(telegramUpdates).set({ processedAt: now, outcome, leaseUntil: null }).where(eq(telegramUpdates.updateId, updateId));
}

export async function deleteOldUpdates(db: DbOrTx, before: Date): Promise<number> {
  return (
    await db
      .delete(telegramUpdates)
      .where(and(lt(telegramUpdates.receivedAt, before), sql`${telegramUpdates.processedAt} IS NOT NULL`))
      .returning({ id: telegramUpdates.updateId })
  ).length;
}

// ---- the send queue ----

export interface OutboxInsert {
  kind: string;
  method: string;
  chatId: string;
  userId: string | null;
  params: Record<string, unknown>;
  dedupeKey?: string;
  notBefore?: Date;
}

/** Queues a call; with a dedupe key, a second row for the same key is not added (false). */
export async function insertOutbox(db: DbOrTx, row: OutboxInsert, now: Date): Promise<boolean> {
  const rows = await db
    .insert(telegramOutbox)
    .values({ ...row, dedupeKey: row.dedupeKey ?? null, createdAt: now, notBefore: row.notBefore ?? now })
    .onConflictDoNothing()
    .returning({ id: telegramOutbox.id });
  return rows.length === 1;
}

export interface LeasedCall {
  id: number;
  kind: string;
  method: string;
  chatId: string;
  userId: string | null;
  params: Record<string, unknown>;
  dedupeKey: string | null;
  attempts: number;
}

/** Leases up to `limit` due calls, oldest first, that no other server holds. */
export async function leaseOutbox(db: DbOrTx, now: Date, leaseMs: number, limit: number): Promise<LeasedCall[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const rows = await rowsOf<{
    id: string | number;
    kind: string;
    method: string;
    chat_id: string;
    user_id: string | null;
    params: unknown;
    dedupe_key: string | null;
    attempts: number;
  }>(
    db,
    sql`UPDATE telegram_outbox SET lease_until = ${until}::timestamptz, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM telegram_outbox
           WHERE sent_at IS NULL AND failed_at IS NULL AND not_before <= ${at}::timestamptz
             AND (lease_until IS NULL OR lease_until <= ${at}::timestamptz)
           ORDER BY not_before, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, method, chat_id, user_id, params, dedupe_key, attempts`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      method: r.method,
      chatId: r.chat_id,
      userId: r.user_id,
      params: (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Record<string, unknown>,
      dedupeKey: r.dedupe_key,
      attempts: r.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

export async function markSent(db: DbOrTx, id: number, now: Date, messageId: number | null): Promise<void> {
  await db.update(telegramOutbox).set({ sentAt: now, leaseUntil: null, resultMessageId: messageId }).where(eq(telegramOutbox.id, id));
}

export async function markFailed(db: DbOrTx, id: number, now: Date, error: string): Promise<void> {
  await db
    .update(telegramOutbox)
    .set({ failedAt: now, leaseUntil: null, lastError: error.slice(0, 500) })
    .where(eq(telegramOutbox.id, id));
}

/** Back in the queue, not before `at` (429's retry_after, or a backoff after 5xx). */
export async function retryLater(db: DbOrTx, id: number, at: Date, error: string): Promise<void> {
  await db
    .update(telegramOutbox)
    .set({ notBefore: at, leaseUntil: null, lastError: error.slice(0, 500) })
    .where(eq(telegramOutbox.id, id));
}

/** Nothing more to a chat that blocked the bot. */
export async function failPendingToChat(db: DbOrTx, chatId: string, now: Date, error: string): Promise<void> {
  await db
    .update(telegramOutbox)
    .set({ failedAt: now, leaseUntil: null, lastError: error })
    .where(and(eq(telegramOutbox.chatId, chatId), isNull(telegramOutbox.sentAt), isNull(telegramOutbox.failedAt)));
}

/** The earliest moment a queued call falls due (the worker sleeps until then), or null. */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${telegramOutbox.notBefore})` })
    .from(telegramOutbox)
    .where(and(isNull(telegramOutbox.sentAt), isNull(telegramOutbox.failedAt)));
  return row?.at ? new Date(row.at) : null;
}

export async function deleteOldOutbox(db: DbOrTx, before: Date): Promise<number> {
  return (
    await db
      .delete(telegramOutbox)
      .where(and(lt(telegramOutbox.createdAt, before), sql`(${telegramOutbox.sentAt} IS NOT NULL OR ${telegramOutbox.failedAt} IS NOT NULL)`))
      .returning({ id: telegramOutbox.id })
  ).length;
}

export interface SentCall {
  id: number;
  method: string;
  params: Record<string, unknown>;
  sentAt: Date;
}

/** What the bot sent to one chat (messages and photos), newest first (the demo's bot screen). */
export async function sentToChat(db: DbOrTx, chatId: string, limit: number): Promise<SentCall[]> {
  const rows = await rowsOf<{ id: string | number; method: string; params: Record<string, unknown>; sent_at: Date | string }>(
    db,
    sql`SELECT id, method, params, sent_at FROM telegram_outbox
        WHERE chat_id = ${chatId} AND sent_at IS NOT NULL AND method IN ('sendMessage', 'sendPhoto')
        ORDER BY id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), method: r.method, params: r.params, sentAt: new Date(r.sent_at) }));
}

// ---- the channel of new listings ----

/** What a channel post shows of a listing. */
export interface ChannelListing {
  id: string;
  title: string;
  price_etb: number;
  subcity: string;
  bedrooms: number | null;
  advance_months: number | null;
  deposit_etb: number | null;
  broker_fee_etb: number | null;
  broker_fee_percent: number | null;
  cover_key: string | null;
}

/** The listing as its post shows it; with `onMarket`, only while it is live and not hidden (no cover otherwise). */
export async function findChannelListing(db: DbOrTx, id: string, { onMarket }: { onMarket: boolean }): Promise<ChannelListing | undefined> {
  const [row] = await rowsOf<ChannelListing>(
    db,
    onMarket
      ? sql`SELECT id, title, price_etb, subcity, bedrooms, advance_months, deposit_etb, broker_fee_etb, broker_fee_percent, cover_photo->>'key' AS cover_key
              FROM listings WHERE id = ${id} AND visibility = 'live' AND admin_hidden = false`
      : sql`SELECT id, title, price_etb, subcity, bedrooms, advance_months, deposit_etb, broker_fee_etb, broker_fee_percent, NULL AS cover_key
              FROM listings WHERE id = ${id}`,
  );
  return row;
}

/** Sent posts not taken down whose listing left the market or is gone (`exists` false), up to `limit`. */
export async function goneChannelPosts(db: DbOrTx, limit: number): Promise<Array<OpenChannelPost & { exists: boolean }>> {
  return rowsOf<OpenChannelPost & { exists: boolean }>(
    db,
    sql`SELECT p.listing_id, p.message_id, p.chat_id, (l.id IS NOT NULL) AS exists
          FROM telegram_channel_posts p LEFT JOIN listings l ON l.id = p.listing_id
         WHERE p.closed_at IS NULL AND p.message_id IS NOT NULL
           AND (l.id IS NULL OR l.visibility <> 'live' OR l.admin_hidden = true)
         LIMIT ${limit}`,
  );
}

export interface OpenChannelPost {
  listing_id: string;
  chat_id: string;
  message_id: string | number;
}

/** The listing's post in the channel when it was sent and not yet taken down, locked for the take-down. */
export async function lockOpenChannelPost(db: DbOrTx, listingId: string): Promise<OpenChannelPost | undefined> {
  const [row] = await rowsOf<OpenChannelPost>(
    db,
    sql`SELECT listing_id, chat_id, message_id FROM telegram_channel_posts
         WHERE listing_id = ${listingId} AND closed_at IS NULL AND message_id IS NOT NULL FOR UPDATE`,
  );
  return row;
}

export async function markChannelPostClosed(db: DbOrTx, listingId: string, at: Date): Promise<void> {
  await db.execute(sql`UPDATE telegram_channel_posts SET closed_at = ${at.toISOString()}::timestamptz WHERE listing_id = ${listingId}`);
}

/**
 * New-match alerts about the listing still waiting in the send queue (their key is
 * 'match:<notification id>', telegram-notifier.ts) are failed with `reason`; a call another
 * server is sending now (leased) goes. Answers how many.
 */
export async function failWaitingMatchAlerts(db: DbOrTx, listingId: string, now: Date, reason: string): Promise<number> {
  const at = now.toISOString();
  const rows = await rowsOf<{ id: string | number }>(
    db,
    sql`UPDATE telegram_outbox o SET failed_at = ${at}::timestamptz, last_error = ${reason}
          FROM notifications n
         WHERE n.listing_id = ${listingId} AND n.kind = 'saved_search_match' AND o.dedupe_key = 'match:' || n.id::text
           AND o.sent_at IS NULL AND o.failed_at IS NULL AND (o.lease_until IS NULL OR o.lease_until <= ${at}::timestamptz)
        RETURNING o.id`,
  );
  return rows.length;
}

// ---- what the bot tells ----

/** The title of a conversation's listing; undefined when the conversation or its listing is gone. */
export async function titleOfConversationListing(db: DbOrTx, conversationId: string): Promise<string | undefined> {
  const rows = await rowsOf<{ title: string }>(
    db,
    sql`SELECT l.title FROM conversations c JOIN listings l ON l.id = c.listing_id WHERE c.id = ${conversationId}`,
  );
  return rows[0]?.title;
}

export interface NewMatchToSend {
  notification_id: string;
  user_id: string;
  chat_id: string | number;
  language: TelegramLanguage;
  listing_id: string;
  title: string;
  price_etb: number;
  subcity: string;
  search_name: string;
  cover_key: string | null;
}

const L = alias(listings, 'l');

/**
 * Unread new-match notifications of the last day, of saved searches whose alerts come by Telegram,
 * for these people, not yet queued, about listings public now (as the SMS digest): oldest first, 500 at most.
 */
export async function newMatchesToSend(db: DbOrTx, userIds: readonly string[], now: Date): Promise<NewMatchToSend[]> {
  const ids = `{${userIds.join(',')}}`;
  return rowsOf<NewMatchToSend>(
    db,
    sql`
      SELECT n.id AS notification_id, n.user_id, tl.chat_id, tl.language, l.id AS listing_id, l.title, l.price_etb, l.subcity,
             s.name AS search_name, l.cover_photo->>'key' AS cover_key
        FROM notifications n
        JOIN saved_searches s ON s.id = n.saved_search_id AND s.telegram = true
        JOIN telegram_links tl ON tl.user_id = n.user_id
        JOIN listings l ON l.id = n.listing_id AND ${publiclyVisible(now, L)}
       WHERE n.user_id = ANY (${ids}::uuid[]) AND n.kind = 'saved_search_match' AND n.read_at IS NULL
         AND n.created_at > ${new Date(now.getTime() - 24 * 3600 * 1000).toISOString()}::timestamptz
         AND NOT EXISTS (SELECT 1 FROM telegram_outbox o WHERE o.dedupe_key = 'match:' || n.id::text)
       ORDER BY n.created_at
       LIMIT 500`,
  );
}

// ---- the channel's posts ----

/** The listing's post row, once per listing ever: whether it was made now. */
export async function insertChannelPost(db: DbOrTx, listingId: string, chatId: string): Promise<boolean> {
  const rows = await rowsOf<{ listing_id: string }>(
    db,
    sql`INSERT INTO telegram_channel_posts (listing_id, chat_id) VALUES (${listingId}, ${chatId}) ON CONFLICT DO NOTHING RETURNING listing_id`,
  );
  return rows.length > 0;
}

/** The sent post's message id (to edit it later) and when it went out. */
export async function setChannelPostSent(db: DbOrTx, listingId: string, messageId: number, at: Date): Promise<void> {
  await db.execute(
    sql`UPDATE telegram_channel_posts SET message_id = ${messageId}, posted_at = ${at.toISOString()}::timestamptz WHERE listing_id = ${listingId}`,
  );
}

/** Live listings published since `since` that have no post yet (100 at most). */
export async function listingsPublishedWithoutPost(db: DbOrTx, since: Date): Promise<Array<{ id: string }>> {
  return rowsOf<{ id: string }>(
    db,
    sql`SELECT l.id FROM listings l
         WHERE l.visibility = 'live' AND l.admin_hidden = false AND l.published_at > ${since.toISOString()}::timestamptz
           AND NOT EXISTS (SELECT 1 FROM telegram_channel_posts p WHERE p.listing_id = l.id)
         LIMIT 100`,
  );
}
