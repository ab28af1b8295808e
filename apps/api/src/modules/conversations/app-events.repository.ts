import type { DbOrTx } from '../../db/client.ts';
import { appEvents } from '../../db/schema/conversations.ts';

/**
 * A product event for the admin metrics. Types written by the conversations module:
 * - conversation_started: actor = tenant, subject = conversation, data {listing_id, owner_id}
 * - owner_replied: the owner's first message in a conversation; actor = owner, subject = conversation
 * - reply_unlocked: actor = tenant, subject = conversation, data {used_credit, via: 'credit'|'plan'}
 */
export interface AppEvent {
  type: string;
  actorId?: string | null;
  subjectType?: string;
  subjectId?: string;
  data?: Record<string, unknown>;
  at: Date;
}

export async function recordEvents(db: DbOrTx, events: AppEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(appEvents).values(
    events.map((e) => ({
      type: e.type,
      actorId: e.actorId ?? null,
      subjectType: e.subjectType ?? null,
      subjectId: e.subjectId ?? null,
      data: e.data ?? {},
      createdAt: e.at,
    })),
  );
}
