import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../db/schema/conversations.ts';
import { listings, type ListingRow, type StoredPhoto } from '../../db/schema/listings.ts';
import { contactUnlocks } from '../../db/schema/unlocks.ts';
import { users } from '../../db/schema/users.ts';
import type { ConversationRole } from './conversations.repository.ts';
import { conversationNotHidden } from './conversation-hiding.ts';

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
  owner: { name: string | null; deleted: boolean; verified: boolean };
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
      ownerName: sql<string | null>`coalesce(${ownerUser.faydaName}, ${ownerUser.name})`,
      ownerVerifiedAt: ownerUser.faydaVerifiedAt,
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
    owner: { name: r.ownerName, deleted: r.ownerDeletedAt !== null, verified: r.ownerVerifiedAt !== null },
    last:
      r.lastRole && r.lastBody !== null && r.lastCreatedAt
        ? { role: r.lastRole, body: r.lastBody, bodyMasked: r.lastBodyMasked, createdAt: r.lastCreatedAt }
        : null,
    contactUnlocked: Boolean(r.contactUnlocked),
  }));
}
