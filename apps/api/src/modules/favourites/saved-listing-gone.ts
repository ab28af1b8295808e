import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { DomainEventMap } from '../../lib/domain-events.ts';
import { listingChangeEnded, notifySaversListingGone } from './favourites.repository.ts';

/**
 * Listens to 'a listing left the market' (lib/domain-events.ts; subscribed in app.ts): everyone who
 * saved the listing, but its poster, gets 'A home you saved is no longer available' in the bell, in
 * the publisher's transaction (so it is there exactly when the listing is gone, and not when the
 * change rolls back). The notification names the listing, never its poster or phone. Once that
 * transaction has ended, `tellUnread` sends each of them their unread count on the event stream
 * (a count pushed before the commit would be the old one).
 * docs/decisions/0024-favourites-listen-when-a-listing-leaves-the-market.md
 */
export function notifySaversOnListingLeftMarket(ctx: AppContext, tellUnread: (userIds: string[]) => Promise<void>) {
  return async (tx: Tx, event: DomainEventMap['listingLeftMarket']): Promise<void> => {
    const userIds = await notifySaversListingGone(tx, event.listingId, event.at);
    if (userIds.length === 0) return;
    void listingChangeEnded(ctx.db, event.listingId)
      .then(() => tellUnread(userIds))
      .catch((error: unknown) => ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'saved listing gone: counts not pushed'));
  };
}
