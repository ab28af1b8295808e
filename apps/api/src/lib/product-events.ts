import type { DbOrTx } from '../db/client.ts';
import { appEvents } from '../db/schema/conversations.ts';

/**
 * Product events the metrics module reads, and the helpers every module calls to record theirs
 * (one line at the place the thing happens, in the same transaction). Below the modules (in lib/)
 * because those that record them (auth among them) sit below metrics, whose service starts with
 * auth's requireAdmin. The conversations module records
 * conversation_started, owner_replied and reply_unlocked itself.
 */
export const EVENT = {
  listingPublished: 'listing_published',
  contactUnlocked: 'contact_unlocked',
  replyUnlocked: 'reply_unlocked',
  conversationStarted: 'conversation_started',
  ownerReplied: 'owner_replied',
  reportFiled: 'report_filed',
  autoHide: 'auto_hide',
  otpRequested: 'otp_requested',
  duplicateFlagged: 'duplicate_flagged',
  postingAutoBlocked: 'posting_auto_blocked',
} as const;

/**
 * A product event for the admin metrics (types in EVENT). What the conversations module records:
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

/** A phone's number range: everything but its last 4 digits ('+2519112' of '+251911234567'). */
export function phonePrefix(phone: string): string {
  return phone.length > 8 ? phone.slice(0, -4) : phone;
}

export async function recordListingPublished(
  db: DbOrTx,
  e: { listingId: string; posterId: string; source: string; postCreditSpent: boolean; at: Date },
): Promise<void> {
  await recordEvents(db, [
    {
      type: EVENT.listingPublished,
      actorId: e.posterId,
      subjectType: 'listing',
      subjectId: e.listingId,
      data: { source: e.source, post_credit_spent: e.postCreditSpent },
      at: e.at,
    },
  ]);
}

export async function recordContactUnlocked(db: DbOrTx, e: { listingId: string; userId: string; usedCredit: boolean; at: Date }): Promise<void> {
  await recordEvents(db, [
    { type: EVENT.contactUnlocked, actorId: e.userId, subjectType: 'listing', subjectId: e.listingId, data: { used_credit: e.usedCredit }, at: e.at },
  ]);
}

/** A code was sent: the client IP and the number range (not the number) are kept for the SMS-pumping rules. */
export async function recordOtpRequested(db: DbOrTx, e: { ip: string; phone: string; at: Date }): Promise<void> {
  await recordEvents(db, [{ type: EVENT.otpRequested, data: { ip: e.ip, phone_prefix: phonePrefix(e.phone) }, at: e.at }]);
}
