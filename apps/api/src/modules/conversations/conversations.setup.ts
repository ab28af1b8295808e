import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { FirstEvents } from '../realtime/realtime.routes.ts';
import { createEventBus, setUpRealtime } from '../realtime/realtime.setup.ts';
import type { SseOptions } from '../realtime/sse-hub.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { conversationsRoutes } from './conversations.routes.ts';
import { createConversationsService, type ConversationsService } from './conversations.service.ts';

/**
 * Conversations, and the realtime stream that tells their participants about new messages. Other
 * features share the stream: they pass the bus and the events a new stream starts with.
 */
export function setUpConversations(
  app: FastifyInstance,
  ctx: AppContext,
  urlFor: PhotoUrlFor,
  sse: SseOptions = {},
  shared: { bus?: EventBus; moreFirstEvents?: FirstEvents } = {},
): ConversationsService {
  const bus = shared.bus ?? createEventBus(ctx);
  const service = createConversationsService(ctx, urlFor, bus);
  const more = shared.moreFirstEvents;
  setUpRealtime(app, ctx, bus, async (userId) => [...(await service.firstEvents(userId)), ...(more ? await more(userId) : [])], sse);
  conversationsRoutes(app, ctx, service);
  app.addHook('preClose', async () => service.drain());
  return service;
}
