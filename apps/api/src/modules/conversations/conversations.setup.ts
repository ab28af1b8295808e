import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { PhotoUrlFor } from '../uploads/photo-view.ts';
import { conversationsRoutes } from './conversations.routes.ts';
import { createConversationsService, type ConversationsService, type MessageListener } from './conversations.service.ts';

/**
 * Conversations: the calls, and new messages published on the realtime bus to their participants.
 * Closing the app waits for the messages still being sent.
 */
export function setUpConversations(
  app: FastifyInstance,
  ctx: AppContext,
  urlFor: PhotoUrlFor,
  bus: EventBus,
  onMessage?: MessageListener,
): ConversationsService {
  const service = createConversationsService(ctx, urlFor, bus, onMessage);
  conversationsRoutes(app, ctx, service);
  app.addHook('preClose', async () => service.drain());
  return service;
}
