import type { ListingLeftMarketReason } from '@betoch/contracts/refunds';
import type { Tx } from '../db/client.ts';

/**
 * What happened in one module that others act on, by name. The module where it happens publishes
 * it and knows nothing of who listens; the listeners subscribe once, in app.ts. So a module never
 * imports the modules built on top of it to tell them (docs/decisions/0018-the-shape-of-the-code-second.md).
 */
export interface DomainEventMap {
  /**
   * A listing left the market: marked rented by its poster (visibility 'draft', from the listing
   * or from freshness's 'Rented' answer), expired (freshness), or hidden by moderation
   * (moderation/listing-hiding.ts: reports, duplicates, an admin). Listeners (app.ts): refunds approve
   * the claims waiting on it; alerts take it out of the matching queue; Telegram takes its channel post
   * down; favourites tell those who saved it (a notification in the bell).
   */
  listingLeftMarket: { listingId: string; reason: ListingLeftMarketReason; at: Date };
}

export type DomainEventName = keyof DomainEventMap;

/** A listener: runs in the publisher's transaction, so what it writes commits or rolls back with the change. */
type Listener<K extends DomainEventName> = (tx: Tx, event: DomainEventMap[K]) => Promise<void>;

export interface DomainEvents {
  on<K extends DomainEventName>(name: K, listener: Listener<K>): void;
  /**
   * Runs every listener of the event, one after the other in the order they subscribed, inside
   * the publisher's transaction `tx`; a listener that throws fails the publisher's change too.
   */
  publish<K extends DomainEventName>(tx: Tx, name: K, event: DomainEventMap[K]): Promise<void>;
}

/** One per app (app.ts puts it in the context): each app and each test's app has its own listeners. */
export function createDomainEvents(): DomainEvents {
  // Each name's listeners take that name's event; the map forgets which, publish() restores it.
  const listeners = new Map<DomainEventName, Array<(tx: Tx, event: never) => Promise<void>>>();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    },
    async publish<K extends DomainEventName>(tx: Tx, name: K, event: DomainEventMap[K]) {
      for (const listener of listeners.get(name) ?? []) await (listener as Listener<K>)(tx, event);
    },
  };
}
