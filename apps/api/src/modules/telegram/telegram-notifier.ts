import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { freshnessCallbackData } from './callback-data.ts';
import { fitCaption, fitMessage, freshnessQuestionText, newMatchText, newMessageText, ownerRepliedText, text } from './telegram-texts.ts';
import type { TelegramQueue } from './telegram-queue.ts';
import { findLinkByUser, newMatchesToSend, titleOfConversationListing, type TelegramLanguage } from './telegram.repository.ts';

/** The listing `l` of the new-match query. */
/**
 * What the bot tells a linked account (docs/telegram.md), queued at once in the account's
 * language. Only what is free to see goes in: titles, prices, places, links. Never a poster's
 * phone, never a reply's text.
 */
export function createTelegramNotifier(ctx: AppContext, queue: TelegramQueue, callbackKey: string) {
  const origin = () => ctx.env.publicUrl ?? `http://localhost:${ctx.env.port}`;
  const listingUrl = (id: string) => `${origin()}/l/${id}`;
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin()}${url.startsWith('/') ? '' : '/'}${url}`);

  async function toUser(
    userId: string,
    kind: string,
    dedupeKey: string,
    build: (language: TelegramLanguage) => { text: string; url?: string; buttons?: Array<{ text: string; callback_data: string }> },
  ): Promise<boolean> {
    const link = await findLinkByUser(ctx.db, userId);
    if (!link) return false;
    const built = build(link.language);
    const keyboard = built.buttons ? [built.buttons] : built.url ? [[{ text: text('open', link.language), url: built.url }]] : undefined;
    const queued = await queue.enqueue({
      kind,
      method: 'sendMessage',
      params: { chat_id: link.chatId, text: fitMessage(built.text), ...(keyboard ? { reply_markup: { inline_keyboard: keyboard } } : {}) },
      userId,
      dedupeKey,
    });
    if (queued) queue.kick();
    return true;
  }

  return {
    /**
     * 'Is {title} still available?' with the two buttons, to a poster who linked Telegram; false
     * when not linked (the SMS goes instead). `token` is the question's single-use link token.
     */
    freshnessQuestion(posterId: string, listing: { id: string; title: string }, token: string): Promise<boolean> {
      return toUser(posterId, 'freshness_question', `freshness:${token.slice(0, 16)}`, (language) => ({
        text: freshnessQuestionText(listing.title, language),
        buttons: [
          { text: text('yesAvailable', language), callback_data: freshnessCallbackData(callbackKey, token, 'available') },
          { text: text('rented', language), callback_data: freshnessCallbackData(callbackKey, token, 'rented') },
        ],
      }));
    },

    /**
     * A new message in a conversation: to the tenant 'the owner replied' (never the reply's text,
     * which may be locked), to the owner or broker 'a new message'; both open the conversation.
     */
    async conversationMessage(m: { conversationId: string; recipientId: string; senderSide: 'tenant' | 'owner' }): Promise<boolean> {
      const title = await titleOfConversationListing(ctx.db, m.conversationId);
      if (title === undefined) return false;
      const url = `${origin()}/chat/${encodeURIComponent(m.conversationId)}`;
      return m.senderSide === 'owner'
        ? toUser(m.recipientId, 'owner_replied', `reply:${randomUUID()}`, (language) => ({ text: ownerRepliedText(title, language), url }))
        : toUser(m.recipientId, 'new_message', `message:${randomUUID()}`, (language) => ({ text: newMessageText(title, language), url }));
    },

    /**
     * New matches of saved searches whose alerts come by Telegram, for these people: each
     * notification once (its id is the call's key), the cover photo with price and subcity and a
     * 'View' button; none about a listing no longer public (as the SMS digest). Answers how many were queued.
     */
    async newMatches(userIds: readonly string[], urlFor: PhotoUrlFor): Promise<number> {
      if (userIds.length === 0) return 0;
      const rows = await newMatchesToSend(ctx.db, userIds, ctx.now());
      let queued = 0;
      for (const row of rows) {
        const language = row.language;
        const caption = newMatchText({ title: row.title, priceEtb: row.price_etb, subcity: row.subcity, searchName: row.search_name }, language);
        const reply_markup = { inline_keyboard: [[{ text: text('view', language), url: listingUrl(row.listing_id) }]] };
        const chat_id = Number(row.chat_id);
        const call = row.cover_key
          ? {
              kind: 'new_match',
              method: 'sendPhoto' as const,
              params: { chat_id, photo: absolute(urlFor(row.cover_key)), caption: fitCaption(caption), reply_markup },
            }
          : { kind: 'new_match', method: 'sendMessage' as const, params: { chat_id, text: fitMessage(caption), reply_markup } };
        if (await queue.enqueue({ ...call, userId: row.user_id, dedupeKey: `match:${row.notification_id}` })) queued++;
      }
      if (queued) queue.kick();
      return queued;
    },
  };
}

export type TelegramNotifier = ReturnType<typeof createTelegramNotifier>;
