import type { Redis } from 'ioredis';
import type { KvStore } from './kv-store.ts';
import { closeRedis, openRedis } from './redis-connection.ts';

/** The KvStore shared by every app process through one Redis server. */
export class RedisKvStore implements KvStore {
  private readonly redis: Redis;

  /** `log` hears connection errors (without a listener ioredis prints them to stderr itself). */
  constructor(
    url: string,
    private readonly prefix = 'betoch:',
    log?: { warn: (fields: object, message: string) => void },
  ) {
    this.redis = openRedis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // The commands themselves fail with these errors too; this is the connection's own account.
    this.redis.on('error', (error: Error) => log?.warn({ err: error.message }, 'redis connection error'));
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async increment(key: string, ttlSeconds: number) {
    const k = this.prefix + key;
    const result = await this.redis.multi().incr(k).expire(k, ttlSeconds, 'NX').ttl(k).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const ttl = Number(result?.[2]?.[1] ?? ttlSeconds);
    return { count, ttl: ttl > 0 ? ttl : ttlSeconds };
  }

  async setIfAbsent(key: string, ttlSeconds: number) {
    const answer = await this.redis.set(this.prefix + key, '1', 'EX', ttlSeconds, 'NX');
    return answer === 'OK';
  }

  async ttl(key: string) {
    const t = await this.redis.ttl(this.prefix + key);
    return t > 0 ? t : 0;
  }

  async delete(key: string) {
    await this.redis.del(this.prefix + key);
  }

  /** Bounded: a Redis that never answers QUIT is dropped after a second (shutdown must not hang). */
  async close() {
    await closeRedis(this.redis);
  }
}
