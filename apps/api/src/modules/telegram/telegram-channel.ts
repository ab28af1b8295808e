import { moveInCost } from '@betoch/contracts/move-in-cost';
import type { AppContext } from '../../app-context.ts';
import type { PeriodicJob } from '../../jobs/job-runner.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { fitCaption } from './telegram-texts.ts';
import type { TelegramQueue } from './telegram-queue.ts';
import {
  failWaitingMatchAlerts,
  findChannelListing,
  goneChannelPosts,
  insertChannelPost,
  insertOutbox,
  listingsPublishedWithoutPost,
  lockOpenChannelPost,
  markChannelPostClosed,
  setChannelPostSent,
  type ChannelListing,
  type LeasedCall,
  type OpenChannelPost,
} from './telegram.repository.ts';
import type { DomainEventMap } from '../../lib/domain-events.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';

const NO_LONGER = 'No longer available / አሁን አይገኝም';
const etb = (n: number) => n.toLocaleString('en-US');

/** The post's caption, English then Amharic: title, price, subcity, bedrooms, move-in cost. No phone, ever. */
export function channelCaption(l: ChannelListing): string {
  const total = moveInCost(l).total;
  const rooms =
    l.bedrooms === null ? null : l.bedrooms === 0 ? ['Studio', 'ስቱዲዮ'] : [`${l.bedrooms} bedroom${l.bedrooms === 1 ? '' : 's'}`, `${l.bedrooms} መኝታ ክፍል`];
  const en = [l.title, `ETB ${etb(l.price_etb)} a month · ${l.subcity}`, rooms?.[0], `Move-in cost: ETB ${etb(total)}`];
  const am = [`በወር ${etb(l.price_etb)} ብር · ${l.subcity}`, rooms?.[1], `የመግቢያ ወጪ፦ ${etb(total)} ብር`];
  return fitCaption([...en, '', ...am].filter((line) => line !== undefined).join('\n'));
}

/**
 * The channel of new listings (TELEGRAM_CHANNEL_ID): a listing that goes live is posted once (its
 * row in telegram_channel_posts is written once, the call queued under the key channel:<id>); the
 * post of one that leaves the market is edited ('No longer available') at once, by
 * takeDownOnListingLeftMarket; a leased job, once a minute across every server, takes down what
 * that missed (a post sent after its listing left) and deletes the post of a listing deleted.
 */
export function createTelegramChannel(ctx: AppContext, queue: TelegramQueue, channelId: string, urlFor: PhotoUrlFor) {
  const origin = () => ctx.env.publicUrl ?? `http://localhost:${ctx.env.port}`;
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin()}${url}`);
  const button = (id: string) => ({ inline_keyboard: [[{ text: 'View on Betoch / በቤቶች ይመልከቱ', url: `${origin()}/l/${id}` }]] });

  const listing = (id: string) => findChannelListing(ctx.db, id, { onMarket: true });

  return {
    /** After a publish: queues the post, once per listing ever. Answers whether it was queued now. */
    async afterPublish(listingId: string): Promise<boolean> {
      const l = await listing(listingId);
      if (!l) return false;
      const queued = await ctx.db.transaction(async (tx) => {
        if (!(await insertChannelPost(tx, l.id, channelId))) return false;
        const caption = channelCaption(l);
        return queue.enqueue(
          l.cover_key
            ? {
                kind: 'channel_post',
                method: 'sendPhoto',
                params: { chat_id: channelId, photo: absolute(urlFor(l.cover_key)), caption, reply_markup: button(l.id) },
                userId: null,
                dedupeKey: `channel:${l.id}`,
              }
            : {
                kind: 'channel_post',
                method: 'sendMessage',
                params: { chat_id: channelId, text: caption, reply_markup: button(l.id) },
                userId: null,
                dedupeKey: `channel:${l.id}`,
              },
          tx,
        );
      });
      if (queued) queue.kick();
      return queued;
    },

    /** The queue's report of a sent post: its message id, to edit it later. */
    async onSent(call: LeasedCall, result: unknown): Promise<void> {
      if (call.kind !== 'channel_post' || !call.dedupeKey) return;
      const messageId = (result as { message_id?: number } | null)?.message_id;
      if (typeof messageId !== 'number') return;
      await setChannelPostSent(ctx.db, call.dedupeKey.slice('channel:'.length), messageId, ctx.now());
    },

    /** Listings published in the last hour with no post yet (the kick after a publish was lost). */
    async catchUp(now: Date): Promise<number> {
      const missed = await listingsPublishedWithoutPost(ctx.db, new Date(now.getTime() - 3600_000));
      let posted = 0;
      for (const { id } of missed) if (await this.afterPublish(id)) posted++;
      return posted;
    },

    /** Posts whose listing left the market: edited to say so, or deleted with the listing. */
    async closeGone(now: Date): Promise<{ edited: number; deleted: number }> {
      const gone = await goneChannelPosts(ctx.db, 200);
      let edited = 0;
      let deleted = 0;
      for (const post of gone) {
        const l = post.exists ? await findChannelListing(ctx.db, post.listing_id, { onMarket: false }) : undefined;
        // Locked again: a listener may have taken it down since it was read.
        const closed = await ctx.db.transaction(async (tx) => {
          const open = await lockOpenChannelPost(tx, post.listing_id);
          if (open) await closeChannelPost(tx, open, l, now);
          return Boolean(open);
        });
        if (!closed) continue;
        if (l) edited++;
        else deleted++;
      }
      if (gone.length) queue.kick();
      return { edited, deleted };
    },
  };
}

export type TelegramChannel = ReturnType<typeof createTelegramChannel>;

/**
 * Takes a post down, in the caller's transaction: marked closed, and the call queued (key
 * channel-close:<listing>, so a second take-down queues nothing): the caption edited to start
 * 'No longer available' while the listing exists, the post deleted when it does not.
 */
async function closeChannelPost(tx: DbOrTx, post: OpenChannelPost, l: ChannelListing | undefined, now: Date): Promise<void> {
  await markChannelPostClosed(tx, post.listing_id, now);
  const messageId = Number(post.message_id);
  const dedupeKey = `channel-close:${post.listing_id}`;
  await insertOutbox(
    tx,
    l
      ? {
          kind: 'channel_close',
          method: 'editMessageCaption',
          chatId: post.chat_id,
          userId: null,
          params: { chat_id: post.chat_id, message_id: messageId, caption: fitCaption(`${NO_LONGER}\n\n${channelCaption(l)}`) },
          dedupeKey,
        }
      : {
          kind: 'channel_close',
          method: 'deleteMessage',
          chatId: post.chat_id,
          userId: null,
          params: { chat_id: post.chat_id, message_id: messageId },
          dedupeKey,
        },
    now,
  );
}

/**
 * Listens to 'a listing left the market' (lib/domain-events.ts; subscribed in app.ts), in the
 * publisher's transaction: the listing's channel post is taken down at once (the send queue, which
 * every listening server reads each second, sends the edit), and its new-match alerts still waiting
 * to be sent are dropped, as the SMS digest leaves out a listing no longer public. A post not yet
 * sent when the listing leaves is left to the channel's job (closeGone), the safety net.
 */
export async function takeDownOnListingLeftMarket(tx: Tx, event: DomainEventMap['listingLeftMarket']): Promise<void> {
  const post = await lockOpenChannelPost(tx, event.listingId);
  if (post) await closeChannelPost(tx, post, await findChannelListing(tx, event.listingId, { onMarket: false }), event.at);
  await failWaitingMatchAlerts(tx, event.listingId, event.at, 'the listing left the market');
}

/**
 * The channel's job, once a minute across every server: posts of listings published in the last
 * hour that a crash left unqueued, and the take-down of posts whose listing left the market.
 */
export function channelJob(channel: TelegramChannel): PeriodicJob {
  return {
    name: 'telegram-channel',
    everyMs: 60_000,
    run: async (now) => ({ posted: await channel.catchUp(now), ...(await channel.closeGone(now)) }),
  };
}
