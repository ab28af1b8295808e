import type { TMessageEvent, TUnreadEvent } from '@betoch/contracts/conversations';
import type { TNotificationsEvent } from '@betoch/contracts/saved-searches';

/** What one user's open streams receive. No message text ever travels here. */
export type RealtimeEvent =
  | { type: 'message'; data: TMessageEvent }
  | { type: 'unread'; data: TUnreadEvent }
  /** The unread count of the bell's notifications (new matches of saved searches, saved homes gone). */
  | { type: 'notifications'; data: TNotificationsEvent }
  /**
   * Never sent to a client: a token of the user stopped holding (sign-out, ban, suspension,
   * deletion), so each process checks the tokens of the user's streams it holds and ends the
   * streams whose token no longer holds.
   */
  | { type: 'revoked'; data: Record<string, never> };

export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * Delivers events to the open streams of a user, wherever they are connected: in this process
 * (MemoryEventBus), or in any process sharing one Redis (RedisEventBus).
 */
export interface EventBus {
  publish(userId: string, event: RealtimeEvent): Promise<void>;
  /** Resolves once events published from now on reach the listener; answers the unsubscribe. */
  subscribe(userId: string, listener: RealtimeListener): Promise<() => void>;
  close(): Promise<void>;
}

const TYPES: readonly RealtimeEvent['type'][] = ['message', 'unread', 'notifications', 'revoked'];

/** Reads an event back from its wire form; anything else is dropped. */
export function parseRealtimeEvent(raw: string): RealtimeEvent | undefined {
  try {
    const value = JSON.parse(raw) as { type?: unknown; data?: unknown };
    if (typeof value.type !== 'string' || !TYPES.includes(value.type as RealtimeEvent['type'])) return undefined;
    if (typeof value.data !== 'object' || value.data === null) return undefined;
    return value as RealtimeEvent;
  } catch {
    return undefined;
  }
}

/** Listeners by user id, shared by both buses. */
export class ListenerRegistry {
  private readonly byUser = new Map<string, Set<RealtimeListener>>();

  /** Adds the listener; true when it is the user's first one here. */
  add(userId: string, listener: RealtimeListener): boolean {
    let set = this.byUser.get(userId);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(listener);
    return first;
  }

  /** Removes the listener; true when the user has none left here. */
  remove(userId: string, listener: RealtimeListener): boolean {
    const set = this.byUser.get(userId);
    if (!set) return false;
    set.delete(listener);
    if (set.size > 0) return false;
    this.byUser.delete(userId);
    return true;
  }

  deliver(userId: string, event: RealtimeEvent, onError: (error: unknown) => void): void {
    for (const listener of this.byUser.get(userId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  }

  clear(): void {
    this.byUser.clear();
  }
}
