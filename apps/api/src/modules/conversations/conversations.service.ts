import { randomUUID } from 'node:crypto';
import { REPLY_UNLOCK_COST } from '@betoch/contracts/constants';
import { ZId } from '@betoch/contracts/common';
import {
  INBOX_MAX,
  THREAD_MAX,
  type TConversationSummary,
  type TMessagesAnswer,
  type TReplyAnswer,
  type TStartConversationAnswer,
  type TUnlockReplyAnswer,
  type TViewerRole,
} from '@betoch/contracts/conversations';
import type { AppContext } from '../../app-context.ts';
import type { ConversationRow } from '../../db/schema/conversations.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertNotSuspended, type AuthUser } from '../auth/authenticate.ts';
import type { EventBus, RealtimeEvent } from '../realtime/event-bus.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { isPubliclyVisible } from '../listings/listing-visibility.ts';
import { findListingWithPoster } from '../listings/listing-with-poster.ts';
import { changeBalance, lockAccount, planActive } from '../wallet/ledger.ts';
import { getWalletSnapshot } from '../wallet/wallet-balance.ts';
import { isConversationHidden } from './conversation-hiding.ts';
import { recordEvents, type AppEvent } from '../../lib/product-events.ts';
import { toConversationSummary, toMessageAnswer, type Reader } from './conversation-view.ts';
import {
  appendMessage,
  findConversation,
  findOrCreateConversation,
  lockConversation,
  markRead,
  setReplyUnlocked,
  unlockRepliedConversations,
  unreadCountFor,
  type ConversationRole,
} from './conversations.repository.ts';
import { findConversationSummaries, listMessages, type ConversationSummaryRow } from './conversation-history.ts';

/** Messages one user may send per minute (all conversations together). */
export const MESSAGES_PER_MINUTE = 30;

function notFound(): AppError {
  return new AppError('not_found', 'Conversation not found.');
}

function isId(value: string): boolean {
  return ZId.safeParse(value).success;
}

/** The participant's side, or null for anyone else. */
function sideOf(user: AuthUser, conversation: Pick<ConversationRow, 'tenantId' | 'ownerId'>): ConversationRole | null {
  if (conversation.tenantId === user.id) return 'tenant';
  if (conversation.ownerId === user.id) return 'owner';
  return null;
}

/** Participants read as themselves; admins may read any conversation (moderation); others get 404. */
function readerRole(user: AuthUser, conversation: Pick<ConversationRow, 'tenantId' | 'ownerId'>): TViewerRole {
  const side = sideOf(user, conversation);
  if (side) return side;
  if (user.isAdmin) return 'admin';
  throw notFound();
}

/** Told of each new message after its commit (Telegram): who receives it, and which side wrote. */
export type MessageListener = (message: { conversationId: string; recipientId: string; senderSide: ConversationRole }) => Promise<unknown>;

export function createConversationsService(ctx: AppContext, urlFor: PhotoUrlFor, bus: EventBus, onMessage?: MessageListener) {
  function readerOf(role: TViewerRole, row: ConversationSummaryRow): Reader {
    return { role, replyUnlocked: row.conversation.replyUnlockedAt !== null, contactUnlocked: row.contactUnlocked };
  }

  function summaryFor(role: TViewerRole, row: ConversationSummaryRow): TConversationSummary {
    return toConversationSummary(row, readerOf(role, row), urlFor);
  }

  /**
   * Events go out after the commit, in the background: the answer never waits for Redis, and a
   * failed delivery is only logged (the client's 30 s poll catches up). `drain` waits for those
   * still on their way (the app awaits it before closing).
   */
  const inFlight = new Set<Promise<void>>();
  function background(work: () => Promise<void>): void {
    const job = work().catch((error: unknown) => ctx.log.warn({ err: (error as Error).message }, 'realtime publish failed'));
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }

  async function publishAll(deliveries: Array<[userId: string, event: RealtimeEvent]>): Promise<void> {
    await Promise.all(deliveries.map(([userId, event]) => bus.publish(userId, event)));
  }

  async function unreadEvent(userId: string): Promise<RealtimeEvent> {
    return { type: 'unread', data: { count: await unreadCountFor(ctx.db, userId) } };
  }

  /**
   * Counts one user's unread messages and publishes the count, one after another per user, so a
   * count read later is never overtaken by one read earlier.
   */
  const unreadChains = new Map<string, Promise<void>>();
  function publishUnread(userId: string): void {
    const previous = unreadChains.get(userId) ?? Promise.resolve();
    const job = previous.then(async () => bus.publish(userId, await unreadEvent(userId)));
    const tail = job.then(
      () => undefined,
      () => undefined,
    );
    unreadChains.set(userId, tail);
    void tail.then(() => {
      if (unreadChains.get(userId) === tail) unreadChains.delete(userId);
    });
    background(() => job);
  }

  /** The other side learns of the message and of its new unread count; the sender's other tabs refresh. */
  function notifyMessage(conversation: Pick<ConversationRow, 'id' | 'tenantId' | 'ownerId'>, senderSide: ConversationRole): void {
    const recipient = senderSide === 'tenant' ? conversation.ownerId : conversation.tenantId;
    const sender = senderSide === 'tenant' ? conversation.tenantId : conversation.ownerId;
    const message: RealtimeEvent = { type: 'message', data: { conversation_id: conversation.id } };
    background(() =>
      publishAll([
        [recipient, message],
        [sender, message],
      ]),
    );
    publishUnread(recipient);
    if (onMessage) background(async () => void (await onMessage({ conversationId: conversation.id, recipientId: recipient, senderSide })));
  }

  /**
   * The conversation by the id in a path, for this user's call: 404 for an id that is not one, a
   * conversation that does not exist, or one moderation hid from its participants (admins still
   * read it). Whether this user may read or write in it is each call's own check.
   */
  async function reachable(user: AuthUser, conversationId: string): Promise<{ id: string; found: ConversationRow }> {
    if (!isId(conversationId)) throw notFound();
    const id = conversationId.toLowerCase();
    const found = await findConversation(ctx.db, id);
    if (!found) throw notFound();
    if (sideOf(user, found) && (await isConversationHidden(ctx.db, id))) throw notFound();
    return { id, found };
  }

  async function rateLimit(user: AuthUser): Promise<void> {
    const { count, ttl } = await ctx.kv.increment(`msg:rate:${user.id}`, 60);
    if (count > MESSAGES_PER_MINUTE) throw new AppError('rate_limited', 'You are sending messages too fast. Please wait a moment.', { retry_after: ttl });
  }

  /**
   * While the tenant plan is active, the tenant's conversations where the owner has written are
   * unlocked at no cost (replying is free with an active tenant plan), and stay unlocked after the
   * plan ends. Done whenever the tenant reads, before anything is answered.
   */
  async function unlockUnderPlan(user: AuthUser, conversationId?: string): Promise<string[]> {
    const now = ctx.now();
    const wallet = await getWalletSnapshot(ctx.db, user.id);
    if (!planActive(wallet.tenantUnlimitedUntil, now)) return [];
    return ctx.db.transaction(async (tx) => {
      const ids = await unlockRepliedConversations(tx, user.id, now, conversationId);
      await recordEvents(
        tx,
        ids.map((id) => ({
          type: 'reply_unlocked',
          actorId: user.id,
          subjectType: 'conversation',
          subjectId: id,
          data: { used_credit: false, via: 'plan' },
          at: now,
        })),
      );
      return ids;
    });
  }

  return {
    /**
     * POST /conversations: the tenant's conversation about a live, visible listing (created once,
     * reused after), with the message appended. Free, always.
     */
    async start(user: AuthUser, input: { listing_id: string; initial_message: string }): Promise<TStartConversationAnswer> {
      assertNotSuspended(user);
      const listingId = input.listing_id.toLowerCase();
      if (!isId(listingId)) throw new AppError('not_found', 'Listing not found.');
      const found = await findListingWithPoster(ctx.db, listingId);
      if (!found) throw new AppError('not_found', 'Listing not found.');
      const { listing } = found;
      if (listing.posterId === user.id) throw new AppError('own_listing', 'You cannot message your own listing.');
      const now = ctx.now();
      if (!isPubliclyVisible(listing, found.poster, now)) throw new AppError('not_found', 'Listing not found.');
      await rateLimit(user);

      const result = await ctx.db.transaction(async (tx) => {
        const { id, created } = await findOrCreateConversation(tx, { listingId, tenantId: user.id, ownerId: listing.posterId, now });
        if (!created && (await isConversationHidden(tx, id))) throw new AppError('forbidden', 'This conversation was closed by moderation.');
        const conversation = await lockConversation(tx, id);
        if (!conversation) throw new Error('conversation vanished inside its transaction');
        const message = await appendMessage(tx, conversation, { id: randomUUID(), senderId: user.id, role: 'tenant', body: input.initial_message, now });
        if (created) {
          await recordEvents(tx, [
            {
              type: 'conversation_started',
              actorId: user.id,
              subjectType: 'conversation',
              subjectId: id,
              data: { listing_id: listingId, owner_id: listing.posterId },
              at: now,
            },
          ]);
        }
        return { conversation, message, created };
      });
      notifyMessage(result.conversation, 'tenant');
      return {
        ok: true as const,
        conversation_id: result.conversation.id,
        created: result.created,
        message: toMessageAnswer(result.message, { role: 'tenant', replyUnlocked: true, contactUnlocked: true }),
      };
    },

    /** GET /conversations: the viewer's conversations as tenant or owner, latest activity first. */
    async list(user: AuthUser, listingId?: string): Promise<TConversationSummary[]> {
      if (listingId !== undefined && !isId(listingId)) return [];
      await unlockUnderPlan(user);
      const rows = await findConversationSummaries(ctx.db, { participantId: user.id, listingId: listingId?.toLowerCase(), limit: INBOX_MAX });
      return rows.map((row) => summaryFor(row.conversation.tenantId === user.id ? 'tenant' : 'owner', row));
    },

    /** GET /conversations/{id}/messages: the thread as the reader may see it; a participant's read marks it read. */
    async thread(user: AuthUser, conversationId: string): Promise<TMessagesAnswer> {
      const { id, found } = await reachable(user, conversationId);
      const role = readerRole(user, found);
      if (role === 'tenant') await unlockUnderPlan(user, id);

      const { rows, truncated, hadUnread } = await ctx.db.transaction(async (tx) => {
        // The lock orders this read after any message being written, so what is marked read is what is answered.
        const locked = await lockConversation(tx, id);
        if (!locked) throw notFound();
        const unread = role === 'tenant' ? locked.tenantUnread : role === 'owner' ? locked.ownerUnread : 0;
        const page = await listMessages(tx, id, THREAD_MAX);
        if (unread > 0 && role !== 'admin') await markRead(tx, id, role);
        return { ...page, hadUnread: unread > 0 };
      });
      const [row] = await findConversationSummaries(ctx.db, { conversationId: id, limit: 1 });
      if (!row) throw notFound();
      const reader = readerOf(role, row);
      if (hadUnread) publishUnread(user.id);
      return {
        ok: true as const,
        conversation: toConversationSummary(row, reader, urlFor),
        messages: rows.map((m) => toMessageAnswer(m, reader)),
        is_reply_unlocked: reader.replyUnlocked,
        truncated,
      };
    },

    /** POST /conversations/{id}/reply: either participant writes; nothing is ever charged for writing. */
    async reply(user: AuthUser, conversationId: string, body: string): Promise<TReplyAnswer> {
      assertNotSuspended(user);
      const { id, found } = await reachable(user, conversationId);
      const side = sideOf(user, found);
      if (!side) throw user.isAdmin ? new AppError('forbidden', 'Admins read conversations; they do not write in them.') : notFound();
      await rateLimit(user);

      const now = ctx.now();
      const result = await ctx.db.transaction(async (tx) => {
        const conversation = await lockConversation(tx, id);
        if (!conversation) throw notFound();
        const message = await appendMessage(tx, conversation, { id: randomUUID(), senderId: user.id, role: side, body, now });
        if (side === 'owner' && !conversation.ownerRepliedAt) {
          await recordEvents(tx, [
            { type: 'owner_replied', actorId: user.id, subjectType: 'conversation', subjectId: id, data: { listing_id: conversation.listingId }, at: now },
          ]);
        }
        return { conversation, message };
      });
      notifyMessage(result.conversation, side);
      return {
        ok: true as const,
        conversation_id: id,
        message: toMessageAnswer(result.message, { role: side, replyUnlocked: true, contactUnlocked: true }),
      };
    },

    /**
     * POST /conversations/{id}/unlock-first-reply (the tenant only): 409 nothing_to_unlock until the
     * owner has written (nothing charged); free under the tenant plan; otherwise 1 credit through
     * the ledger in the same transaction. The wallet lock, then the conversation lock, make
     * parallel calls charge once.
     */
    async unlockFirstReply(user: AuthUser, conversationId: string): Promise<TUnlockReplyAnswer> {
      const { id, found } = await reachable(user, conversationId);
      const side = sideOf(user, found);
      if (!side) throw notFound();
      if (side !== 'tenant') throw new AppError('forbidden', 'Only the tenant unlocks the replies.');
      assertNotSuspended(user);

      const now = ctx.now();
      const result = await ctx.db.transaction(async (tx) => {
        const account = await lockAccount(tx, user.id);
        const conversation = await lockConversation(tx, id);
        if (!conversation) throw notFound();
        if (conversation.replyUnlockedAt) return { usedCredit: false, already: true, credits: account.credits, conversation };
        if (!conversation.ownerRepliedAt) throw new AppError('nothing_to_unlock');
        const coveredByPlan = planActive(account.tenantUnlimitedUntil, now);
        if (!coveredByPlan) {
          await changeBalance(tx, account, 'credits', -REPLY_UNLOCK_COST, { kind: 'reply_unlock', refType: 'conversation', refId: id });
        }
        await setReplyUnlocked(tx, id, !coveredByPlan, now);
        const event: AppEvent = {
          type: 'reply_unlocked',
          actorId: user.id,
          subjectType: 'conversation',
          subjectId: id,
          data: { used_credit: !coveredByPlan, via: coveredByPlan ? 'plan' : 'credit' },
          at: now,
        };
        await recordEvents(tx, [event]);
        return { usedCredit: !coveredByPlan, already: false, credits: account.credits, conversation };
      });
      if (!result.already) {
        const changed: RealtimeEvent = { type: 'message', data: { conversation_id: id } };
        background(() =>
          publishAll([
            [result.conversation.ownerId, changed],
            [result.conversation.tenantId, changed],
          ]),
        );
      }
      return {
        ok: true as const,
        is_reply_unlocked: true as const,
        used_credit: result.usedCredit,
        already_unlocked: result.already,
        balance: { credits: result.credits },
      };
    },

    /** GET /conversations/unread-count: the badge. */
    async unreadCount(user: AuthUser): Promise<number> {
      return unreadCountFor(ctx.db, user.id);
    },

    /** Waits for the events still being published. */
    async drain(): Promise<void> {
      await Promise.all([...inFlight]);
    },

    /** The events a new realtime stream starts with. */
    async firstEvents(userId: string): Promise<RealtimeEvent[]> {
      return [await unreadEvent(userId)];
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
