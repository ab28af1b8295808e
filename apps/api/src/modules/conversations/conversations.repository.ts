import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import type { DbOrTx } from '../../db/client.ts';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../db/schema/conversations.ts';
import { listings, type ListingRow, type StoredPhoto } from '../../db/schema/listings.ts';
import { contactUnlocks } from '../../db/schema/unlocks.ts';
import { users } from '../../db/schema/users.ts';
import { MASKER_VERSION, maskContacts } from '../contact-masking/contact-masking.ts';
import { conversationNotHidden } from '../conversation-hiding/conversation-hiding.ts';

export type ConversationRole = MessageRow['role'];

/** The tenant's conversation about the listing, created when missing. */
export async function findOrCreateConversation(
  db: DbOrTx,
  values: { listingId: string; tenantId: string; ownerId: string; now: Date },
): Promise<{ id: string; created: boolean }> {
  const [inserted] = await db
    .insert(conversations)
    .values({ listingId: values.listingId, tenantId: values.tenantId, ownerId: values.ownerId, lastMessageAt: values.now, createdAt: values.now })
    .onConflictDoNothing({ target: [conversations.tenantId, conversations.listingId], where: sql`listing_id IS NOT NULL` })
    .returning({ id: conversations.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.tenantId, values.tenantId), eq(conversations.listingId, values.listingId)))
    .limit(1);
  if (!existing) throw new Error('conversation neither inserted nor found');
  return { id: existing.id, created: false };
}

export async function findConversation(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row;
}

/** Locks the conversation row for the rest of the transaction: messages, reads and unlocks of one conversation queue here. */
export async function lockConversation(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).for('no key update');
  return row;
}

/**
 * Appends a message to a locked conversation: the other side's unread count, the latest activity
 * and (for the owner's first message) owner_replied_at move with it. The body is stored with its
 * masked form beside it (contact details replaced by the marker), so no read masks again.
 */
export async function appendMessage(
  db: DbOrTx,
  conversation: ConversationRow,
  message: { id: string; senderId: string; role: ConversationRole; body: string; now: Date },
): Promise<MessageRow> {
  const fromOwner = message.role === 'owner';
  await db
    .update(conversations)
    .set({
      ...(fromOwner ? { tenantUnread: sql`${conversations.tenantUnread} + 1` } : { ownerUnread: sql`${conversations.ownerUnread} + 1` }),
      ...(fromOwner && !conversation.ownerRepliedAt ? { ownerRepliedAt: message.now } : {}),
      lastMessageId: message.id,
      lastMessageAt: message.now,
    })
    .where(eq(conversations.id, conversation.id));
  const [row] = await db
    .insert(messages)
    .values({
      id: message.id,
      conversationId: conversation.id,
      senderId: message.senderId,
      role: message.role,
      body: message.body,
      bodyMasked: maskContacts(message.body, CONTACT_MASK).text,
      maskedWith: MASKER_VERSION,
      createdAt: message.now,
    })
    .returning();
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

/** What a thread answer reads of a message (the text as written and its masked form, stored). */
export type ThreadMessage = Pick<MessageRow, 'id' | 'role' | 'body' | 'bodyMasked' | 'createdAt'>;

/** The newest `limit` messages, oldest first, and whether older ones were left out. */
export async function listMessages(db: DbOrTx, conversationId: string, limit: number): Promise<{ rows: ThreadMessage[]; truncated: boolean }> {
  const newest = await db
    .select({ id: messages.id, role: messages.role, body: messages.body, bodyMasked: messages.bodyMasked, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  const truncated = newest.length > limit;
  return { rows: newest.slice(0, limit).reverse(), truncated };
}

/** The participant has read everything the other side wrote. */
export async function markRead(db: DbOrTx, conversationId: string, reader: ConversationRole): Promise<void> {
  await db
    .update(conversations)
    .set(reader === 'tenant' ? { tenantUnread: 0 } : { ownerUnread: 0 })
    .where(eq(conversations.id, conversationId));
}

export async function setReplyUnlocked(db: DbOrTx, conversationId: string, usedCredit: boolean, now: Date): Promise<void> {
  await db
    .update(conversations)
    .set({ replyUnlockedAt: now, replyUnlockUsedCredit: usedCredit })
    .where(eq(conversations.id, conversationId));
}

/**
 * Unlocks (at no cost) the tenant's conversations where the owner has written and that are still
 * locked; used while the tenant plan is active. Answers the ids it unlocked.
 */
export async function unlockRepliedConversations(db: DbOrTx, tenantId: string, now: Date, conversationId?: string): Promise<string[]> {
  const rows = await db
    .update(conversations)
    .set({ replyUnlockedAt: now, replyUnlockUsedCredit: false })
    .where(
      and(
        eq(conversations.tenantId, tenantId),
        isNotNull(conversations.ownerRepliedAt),
        isNull(conversations.replyUnlockedAt),
        conversationId ? eq(conversations.id, conversationId) : undefined,
      ),
    )
    .returning({ id: conversations.id });
  return rows.map((r) => r.id);
}

/** Unread messages over all the user's conversations (two index range scans). */
export async function unreadCountFor(db: DbOrTx, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    SELECT (
      COALESCE((SELECT SUM(tenant_unread) FROM conversations WHERE tenant_id = ${userId} AND ${conversationNotHidden(sql`conversations.id`)}), 0)
      + COALESCE((SELECT SUM(owner_unread) FROM conversations WHERE owner_id = ${userId} AND ${conversationNotHidden(sql`conversations.id`)}), 0)
    )::int AS n
  `)) as unknown as { rows: Array<{ n: number | string }> };
  // Both drivers (PGlite and node-postgres) answer { rows }.
  return Number(result.rows[0]?.n ?? 0);
}

export interface ConversationSummaryRow {
  conversation: ConversationRow;
  listing: {
    id: string;
    title: string;
    titleMasked: string | null;
    titleGenerated: boolean;
    type: ListingRow['type'];
    bedrooms: number | null;
    subcity: string;
    priceEtb: number;
    photos: StoredPhoto[];
  } | null;
  /** `deleted`: the side deleted their account (their name and phone are erased). */
  tenant: { phone: string; name: string | null; deleted: boolean };
  owner: { name: string | null; deleted: boolean };
  last: { role: ConversationRole; body: string; bodyMasked: string | null; createdAt: Date } | null;
  /** The tenant has paid for (or the plan covered) this listing's contact. */
  contactUnlocked: boolean;
}

const tenantUser = alias(users, 'tenant_user');
const ownerUser = alias(users, 'owner_user');
const lastMessage = alias(messages, 'last_message');

/**
 * Conversations with what an inbox row shows: listing (title, price, photos), names, the tenant's
 * phone, the last message and whether the contact is unlocked. Latest activity first.
 */
export async function findConversationSummaries(
  db: DbOrTx,
  filter: { participantId?: string; conversationId?: string; listingId?: string; limit: number },
): Promise<ConversationSummaryRow[]> {
  const conditions: Array<SQL | undefined> = [
    filter.participantId ? or(eq(conversations.tenantId, filter.participantId), eq(conversations.ownerId, filter.participantId)) : undefined,
    // A participant's inbox leaves out conversations hidden by moderation.
    filter.participantId ? conversationNotHidden(conversations.id) : undefined,
    filter.conversationId ? eq(conversations.id, filter.conversationId) : undefined,
    filter.listingId ? eq(conversations.listingId, filter.listingId) : undefined,
  ];
  const rows = await db
    .select({
      conversation: conversations,
      listingId: listings.id,
      listingTitle: listings.title,
      listingTitleMasked: listings.titleMasked,
      listingTitleGenerated: listings.titleGenerated,
      listingType: listings.type,
      listingBedrooms: listings.bedrooms,
      listingSubcity: listings.subcity,
      listingPrice: listings.priceEtb,
      listingPhotos: listings.photos,
      tenantPhone: tenantUser.phone,
      tenantName: tenantUser.name,
      ownerName: ownerUser.name,
      tenantDeletedAt: tenantUser.deletedAt,
      ownerDeletedAt: ownerUser.deletedAt,
      lastRole: lastMessage.role,
      lastBody: lastMessage.body,
      lastBodyMasked: lastMessage.bodyMasked,
      lastCreatedAt: lastMessage.createdAt,
      contactUnlocked: sql<boolean>`EXISTS (
        SELECT 1 FROM ${contactUnlocks}
        WHERE ${contactUnlocks.userId} = ${conversations.tenantId} AND ${contactUnlocks.listingId} = ${conversations.listingId}
      )`,
    })
    .from(conversations)
    .innerJoin(tenantUser, eq(tenantUser.id, conversations.tenantId))
    .innerJoin(ownerUser, eq(ownerUser.id, conversations.ownerId))
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(lastMessage, eq(lastMessage.id, conversations.lastMessageId))
    .where(and(...conditions))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(filter.limit);
  return rows.map((r) => ({
    conversation: r.conversation,
    listing:
      r.listingId && r.listingTitle !== null && r.listingPrice !== null && r.listingType !== null && r.listingSubcity !== null
        ? {
            id: r.listingId,
            title: r.listingTitle,
            titleMasked: r.listingTitleMasked,
            titleGenerated: r.listingTitleGenerated ?? false,
            type: r.listingType,
            bedrooms: r.listingBedrooms,
            subcity: r.listingSubcity,
            priceEtb: r.listingPrice,
            photos: r.listingPhotos ?? [],
          }
        : null,
    tenant: { phone: r.tenantPhone, name: r.tenantName, deleted: r.tenantDeletedAt !== null },
    owner: { name: r.ownerName, deleted: r.ownerDeletedAt !== null },
    last: r.lastRole && r.lastBody !== null && r.lastCreatedAt ? { role: r.lastRole, body: r.lastBody, bodyMasked: r.lastBodyMasked, createdAt: r.lastCreatedAt } : null,
    contactUnlocked: Boolean(r.contactUnlocked),
  }));
}
