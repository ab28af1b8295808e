import type { FastifyBaseLogger } from 'fastify';
import { ListenerRegistry, type EventBus, type RealtimeEvent, type RealtimeListener } from './event-bus.ts';

/** The event bus of a single process (no REDIS_URL). */
export class MemoryEventBus implements EventBus {
  private readonly listeners = new ListenerRegistry();

  constructor(private readonly log?: FastifyBaseLogger) {}

  async publish(userId: string, event: RealtimeEvent): Promise<void> {
    this.listeners.deliver(userId, event, (error) => this.log?.warn({ err: error }, 'realtime listener failed'));
  }

  async subscribe(userId: string, listener: RealtimeListener): Promise<() => void> {
    this.listeners.add(userId, listener);
    return () => {
      this.listeners.remove(userId, listener);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
