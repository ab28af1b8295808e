import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { EventBus } from './event-bus.ts';
import { MemoryEventBus } from './memory-event-bus.ts';
import { RedisEventBus } from './redis-event-bus.ts';
import { realtimeRoutes, type FirstEvents } from './realtime.routes.ts';
import { SseHub, type SseOptions } from './sse-hub.ts';

/** Redis pub/sub with REDIS_URL, so every process delivers to the clients it holds; in-process otherwise. */
export function createEventBus(ctx: AppContext): EventBus {
  return ctx.env.redisUrl ? new RedisEventBus(ctx.env.redisUrl, ctx.env.redisKeyPrefix, ctx.log) : new MemoryEventBus(ctx.log);
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
