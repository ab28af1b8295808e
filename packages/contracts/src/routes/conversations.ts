import { defineRoute } from '../route-contract.ts';
import { ZIdParams } from '../common.ts';
import {
  ZConversationsAnswer,
  ZConversationsQuery,
  ZMessagesAnswer,
  ZReplyAnswer,
  ZReplyRequest,
  ZStartConversationAnswer,
  ZStartConversationRequest,
  ZUnlockReplyAnswer,
  ZUnreadCountAnswer,
} from '../conversations.ts';

/** The conversations calls: method, path, what each takes and answers. */
export const conversationsCalls = {
  startConversation: defineRoute({
    method: 'POST',
    path: '/conversations',
    body: ZStartConversationRequest,
    response: ZStartConversationAnswer,
  }),
  listConversations: defineRoute({
    method: 'GET',
    path: '/conversations',
    query: ZConversationsQuery,
    response: ZConversationsAnswer,
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/conversations/unread-count',
    response: ZUnreadCountAnswer,
  }),
  getMessages: defineRoute({
    method: 'GET',
    path: '/conversations/:id/messages',
    params: ZIdParams,
    response: ZMessagesAnswer,
  }),
  reply: defineRoute({
    method: 'POST',
    path: '/conversations/:id/reply',
    params: ZIdParams,
    body: ZReplyRequest,
    response: ZReplyAnswer,
  }),
  unlockFirstReply: defineRoute({
    method: 'POST',
    path: '/conversations/:id/unlock-first-reply',
    params: ZIdParams,
    response: ZUnlockReplyAnswer,
  }),
};
