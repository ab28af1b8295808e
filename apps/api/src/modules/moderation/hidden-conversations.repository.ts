import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { hiddenConversations } from '../../db/schema/trust.ts';

/**
 * For the conversations module: a conversation hidden by moderation leaves both inboxes and the
 * unread badge, and its participants get 404 for it (admins still read it).
 */
export function conversationNotHidden(conversationId: AnyPgColumn | SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${hiddenConversations} WHERE ${hiddenConversations.conversationId} = ${conversationId})`;
}

export async function isConversationHidden(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: hiddenConversations.conversationId }).from(hiddenConversations).where(eq(hiddenConversations.conversationId, id)).limit(1);
  return row !== undefined;
}
