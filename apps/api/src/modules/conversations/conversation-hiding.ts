import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { hiddenConversations } from '../../db/schema/trust.ts';

/**
 * Conversations hidden by moderation (which hides and shows them again here): a hidden conversation
 * leaves both inboxes and the unread badge, and its participants get 404 for it (admins still
 * read it). The conversations module filters its reads with these.
 */
export function conversationNotHidden(conversationId: AnyPgColumn | SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${hiddenConversations} WHERE ${hiddenConversations.conversationId} = ${conversationId})`;
}

export async function isConversationHidden(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: hiddenConversations.conversationId })
    .from(hiddenConversations)
    .where(eq(hiddenConversations.conversationId, id))
    .limit(1);
  return row !== undefined;
}

export async function hideConversation(db: DbOrTx, id: string, hidden: { reason: string; adminId: string | null; at: Date }): Promise<boolean> {
  const rows = await db
    .insert(hiddenConversations)
    .values({ conversationId: id, reason: hidden.reason, hiddenBy: hidden.adminId, hiddenAt: hidden.at })
    .onConflictDoNothing()
    .returning({ id: hiddenConversations.conversationId });
  return rows.length > 0;
}

export async function unhideConversation(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(hiddenConversations).where(eq(hiddenConversations.conversationId, id)).returning({ id: hiddenConversations.conversationId });
  return rows.length > 0;
}
