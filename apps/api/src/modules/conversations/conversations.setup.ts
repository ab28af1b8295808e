import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createEventBus, setUpRealtime } from '../realtime/realtime.setup.ts';
import type { SseOptions } from '../realtime/sse-hub.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { conversationsRoutes } from './conversations.routes.ts';
import { createConversationsService, type ConversationsService } from './conversations.service.ts';

/** Conversations, and the realtime stream that tells their participants about new messages. */
export function setUpConversations(app: FastifyInstance, ctx: AppContext, urlFor: PhotoUrlFor, sse: SseOptions = {}): ConversationsService {
  const bus = createEventBus(ctx);
  const service = createConversationsService(ctx, urlFor, bus);
  setUpRealtime(app, ctx, bus, (userId) => service.firstEvents(userId), sse);
  conversationsRoutes(app, ctx, service);
  app.addHook('preClose', async () => service.drain());
  return service;
}
