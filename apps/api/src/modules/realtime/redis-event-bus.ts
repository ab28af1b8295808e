import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { closeRedis, openRedis } from '../../lib/redis-connection.ts';
import { ListenerRegistry, parseRealtimeEvent, type EventBus, type RealtimeEvent, type RealtimeListener } from './event-bus.ts';

/**
 * The event bus of several app processes: a publish goes to Redis (channel per user), and every
 * process subscribed to that user's channel delivers it to the streams it holds. A subscriber
 * connection cannot run other commands, so publishing uses a second connection. The process
 * subscribes to a user's channel while it holds at least one stream of that user.
 */
export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new ListenerRegistry();
  private readonly channelPrefix: string;

  constructor(
    url: string,
    keyPrefix: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.channelPrefix = `${keyPrefix}rt:user:`;
    this.publisher = openRedis(url, { maxRetriesPerRequest: 1 });
    // ioredis subscribes again by itself after a reconnect. While Redis is away a new stream's
    // SUBSCRIBE fails after a retry, the stream closes, and the client falls back to polling.
    this.subscriber = openRedis(url, { maxRetriesPerRequest: 1, autoResubscribe: true });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: Error) => this.log?.warn({ err: error.message }, 'realtime redis connection error'));
    }
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (!channel.startsWith(this.channelPrefix)) return;
      const event = parseRealtimeEvent(raw);
      if (!event) return;
      const userId = channel.slice(this.channelPrefix.length);
      this.listeners.deliver(userId, event, (error) => this.log?.warn({ err: error }, 'realtime listener failed'));
    });
  }

  private channel(userId: string): string {
    return this.channelPrefix + userId;
  }

  async publish(userId: string, event: RealtimeEvent): Promise<void> {
    await this.publisher.publish(this.channel(userId), JSON.stringify(event));
  }

  async subscribe(userId: string, listener: RealtimeListener): Promise<() => void> {
    // SUBSCRIBE is idempotent on one connection; sending it for every stream means the returned
    // promise resolves only once Redis has confirmed the channel, whoever subscribed first.
    this.listeners.add(userId, listener);
    try {
      await this.subscriber.subscribe(this.channel(userId));
    } catch (error) {
      this.listeners.remove(userId, listener);
      throw error;
    }
    return () => {
      if (this.listeners.remove(userId, listener)) {
        this.subscriber.unsubscribe(this.channel(userId)).catch((error: Error) => this.log?.warn({ err: error.message }, 'realtime unsubscribe failed'));
      }
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    // Bounded, like every command: a Redis that never answers QUIT does not hold up shutdown.
    await Promise.all([this.subscriber, this.publisher].map(closeRedis));
  }
}
