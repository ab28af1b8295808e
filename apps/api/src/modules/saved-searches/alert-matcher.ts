import type { AppContext } from '../../app-context.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { Tx } from '../../db/client.ts';
import type { DomainEventMap } from '../../lib/domain-events.ts';
import { tellUnreadCounts } from './unread-count-event.ts';
import { claimQueued, findPublicListingToMatch, markQueuedDone, notifyMatches, unqueueWaiting } from './saved-searches.repository.ts';

/** Queued listings one transaction matches. */
const BATCH = 20;

export interface DrainResult {
  listings: number;
  notifications: number;
}

/**
 * Listens to 'a listing left the market' (lib/domain-events.ts; subscribed in app.ts), in the
 * publisher's transaction: a listing still waiting to be matched leaves the queue, so no one is
 * alerted about a home that is gone however long the queue is (a drain already matching it is
 * waited for). Notifications already written stay: the list says 'No longer available', the SMS
 * digest leaves them out, and Telegram drops its waiting ones (telegram-channel.ts).
 */
export async function unqueueOnListingLeftMarket(tx: Tx, event: DomainEventMap['listingLeftMarket']): Promise<void> {
  await unqueueWaiting(tx, event.listingId);
}

/**
 * Matches listings that went live against the saved searches, off the request path: the listings
 * trigger (migration 0015) queues each listing once, in its publishing transaction; a drain claims
 * queued rows with FOR UPDATE SKIP LOCKED, writes the notifications and marks the rows done in one
 * transaction, so each listing is matched once however many servers drain at the same time (and
 * notifications_user_listing_kind_key refuses a second new-match notification of one listing to one person).
 * A listing no longer public when its turn comes (a draft again, hidden) alerts no one.
 * After the commit, each person notified gets their unread count on the event stream.
 */
export function createAlertMatcher(ctx: AppContext, bus: EventBus, onNotified?: (userIds: string[]) => Promise<unknown>) {
  let running: Promise<DrainResult> | undefined;
  let again = false;

  async function drainBatch(): Promise<{ claimed: number; notified: string[] }> {
    return ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const ids = await claimQueued(tx, BATCH);
      const notified: string[] = [];
      for (const id of ids) {
        const listing = await findPublicListingToMatch(tx, id, now);
        if (listing) notified.push(...(await notifyMatches(tx, listing, now)));
        await markQueuedDone(tx, id, now);
      }
      return { claimed: ids.length, notified };
    });
  }

  /** Matches every queued listing (batch by batch) and answers what it did. */
  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { listings: 0, notifications: 0 };
    for (;;) {
      const { claimed, notified } = await drainBatch();
      result.listings += claimed;
      result.notifications += notified.length;
      await tellUnreadCounts(ctx, bus, notified);
      if (onNotified && notified.length)
        await onNotified([...new Set(notified)]).catch((error: unknown) => ctx.log.warn({ err: (error as Error).message }, 'alerts: other channels not told'));
      if (claimed < BATCH) return result;
    }
  }

  /** One drain at a time in this process; a call during a drain runs another after it. */
  function guardedDrain(): Promise<DrainResult> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void guardedDrain().catch(() => undefined);
      }
    });
    return running;
  }

  return {
    drain,
    /** After a publish: a drain on the next turn of the event loop, never in the request itself. */
    kick(): void {
      setImmediate(() => {
        guardedDrain().catch((error: unknown) =>
          ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'saved-search matching failed; the periodic job retries'),
        );
      });
    },
    /** The periodic job's run (rows a process left when it stopped). */
    run: guardedDrain,
    /** Waits for a drain in progress (app close). */
    async settle(): Promise<void> {
      await running?.catch(() => undefined);
    },
  };
}
