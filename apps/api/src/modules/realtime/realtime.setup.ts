import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Env } from '../../config/env.ts';
import type { EventBus } from './event-bus.ts';
import { MemoryEventBus } from './memory-event-bus.ts';
import { RedisEventBus } from './redis-event-bus.ts';
import { realtimeRoutes, type FirstEvents } from './realtime.routes.ts';
import { SseHub, type SseOptions } from './sse-hub.ts';

/** Redis pub/sub with REDIS_URL, so every process delivers to the clients it holds; in-process otherwise. */
export function createEventBus(env: Env, log: FastifyBaseLogger): EventBus {
  return env.redisUrl ? new RedisEventBus(env.redisUrl, env.redisKeyPrefix, log) : new MemoryEventBus(log);
}

/**
 * ctx.tokensChanged: after a commit that ends a token of the user, every process checks the
 * tokens of the user's streams it holds and ends those that no longer hold. A failed publish is
 * logged (the streams still end within their hour, and every new ticket is checked).
 */
export function tokensChangedVia(bus: EventBus, log: FastifyBaseLogger): (userId: string) => Promise<void> {
  return async (userId) => {
    await bus
      .publish(userId, { type: 'revoked', data: {} })
      .catch((error: unknown) => log.warn({ err: (error as Error).message }, 'stream revocation not published'));
  };
}

/** The open streams of this process and the ticket and stream routes; closes the bus with the app. */
export function setUpRealtime(app: FastifyInstance, ctx: AppContext, bus: EventBus, firstEvents: FirstEvents, options: SseOptions = {}): SseHub {
  const hub = new SseHub(bus, options);
  realtimeRoutes(app, ctx, hub, firstEvents);
  // Open streams would keep the server from closing: end them first, then the bus.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => bus.close());
  return hub;
}
