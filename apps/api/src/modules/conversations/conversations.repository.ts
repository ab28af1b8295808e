import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../db/schema/conversations.ts';
import { MASKER_VERSION, maskContacts } from '../contact-masking/contact-masking.ts';
import { conversationNotHidden } from './conversation-hiding.ts';

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

/** The participant has read everything the other side wrote. */
export async function markRead(db: DbOrTx, conversationId: string, reader: ConversationRole): Promise<void> {
  await db
    .update(conversations)
    .set(reader === 'tenant' ? { tenantUnread: 0 } : { ownerUnread: 0 })
    .where(eq(conversations.id, conversationId));
}

export async function setReplyUnlocked(db: DbOrTx, conversationId: string, usedCredit: boolean, now: Date): Promise<void> {
  await db.update(conversations).set({ replyUnlockedAt: now, replyUnlockUsedCredit: usedCredit }).where(eq(conversations.id, conversationId));
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
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`
    SELECT (
      COALESCE((SELECT SUM(tenant_unread) FROM conversations WHERE tenant_id = ${userId} AND ${conversationNotHidden(sql`conversations.id`)}), 0)
      + COALESCE((SELECT SUM(owner_unread) FROM conversations WHERE owner_id = ${userId} AND ${conversationNotHidden(sql`conversations.id`)}), 0)
    )::int AS n
  `,
  );
  return Number(row?.n ?? 0);
}
