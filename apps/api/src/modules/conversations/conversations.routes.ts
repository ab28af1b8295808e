import type { FastifyInstance } from 'fastify';
import { conversationsCalls } from '@betoch/contracts/routes/conversations';
import type { AppContext } from '../../app-context.ts';
import { route } from '../../lib/route.ts';
import type { ConversationsService } from './conversations.service.ts';

export function conversationsRoutes(app: FastifyInstance, ctx: AppContext, conversations: ConversationsService): void {
  const tags = ['conversations'];

  route(app, ctx, {
    ...conversationsCalls.startConversation,
    summary: "Message a listing's owner: starts the tenant's conversation about it, or adds to it (always free)",
    tags,
    auth: 'user',
    errors: [400, 401, 403, 404, 429],
    handler: ({ user, body }) => conversations.start(user, body),
  });

  route(app, ctx, {
    ...conversationsCalls.listConversations,
    summary: "The viewer's conversations as tenant or owner, latest activity first",
    tags,
    auth: 'user',
    errors: [401],
    handler: async ({ user, query }) => ({ ok: true as const, conversations: await conversations.list(user, query.listing_id) }),
  });

  // Registered before /conversations/{id}/... so the word is never read as an id.
  route(app, ctx, {
    ...conversationsCalls.unreadCount,
    summary: 'Unread messages over all conversations (the Messages badge)',
    tags,
    auth: 'user',
    errors: [401],
    handler: async ({ user }) => ({ ok: true as const, count: await conversations.unreadCount(user) }),
  });

  route(app, ctx, {
    ...conversationsCalls.getMessages,
    summary: 'The thread as the viewer may read it; marks it read for a participant',
    tags,
    auth: 'user',
    errors: [401, 404],
    handler: ({ user, params }) => conversations.thread(user, params.id),
  });

  route(app, ctx, {
    ...conversationsCalls.reply,
    summary: 'Write in the conversation (either participant; free)',
    tags,
    auth: 'user',
    errors: [400, 401, 403, 404, 429],
    handler: ({ user, params, body }) => conversations.reply(user, params.id, body.body),
  });

  route(app, ctx, {
    ...conversationsCalls.unlockFirstReply,
    summary: "Unlock the owner's replies: 1 credit, free under the tenant plan; tenant only",
    tags,
    auth: 'user',
    errors: [401, 402, 403, 404, 409],
    handler: ({ user, params }) => conversations.unlockFirstReply(user, params.id),
  });
}
