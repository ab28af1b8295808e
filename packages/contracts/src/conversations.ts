import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './constants.ts';
import { okAnswer } from './common.ts';
import { titledListingFields } from './titled-listing.ts';
import { ZPhoto } from './uploads.ts';

/** Validation message of an empty message ('Please enter a message'). */
export const MESSAGE_REQUIRED = 'Please enter a message';

/** Control characters other than tab and line breaks (a NUL cannot even be stored). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A message body: control characters dropped, trimmed, 1 to 2000 characters. */
export const ZMessageBody = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(CONTROL_CHARACTERS, '') : value),
  z.string({ error: MESSAGE_REQUIRED }).trim().min(1, MESSAGE_REQUIRED).max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters`),
);

/** POST /conversations: starts the tenant's conversation about a listing, or adds to it. */
export const ZStartConversationRequest = z.object({
  listing_id: z.string({ error: 'listing_id is required' }).trim().min(1, 'listing_id is required').max(100),
  initial_message: ZMessageBody,
});
export type TStartConversationRequest = z.input<typeof ZStartConversationRequest>;

export const ZConversationRole = z.enum(['tenant', 'owner']);
export type TConversationRole = z.infer<typeof ZConversationRole>;

/** Who is reading: a participant, or an admin reading for moderation. */
export const ZViewerRole = z.enum(['tenant', 'owner', 'admin']);
export type TViewerRole = z.infer<typeof ZViewerRole>;

/**
 * A message as the viewer may see it.
 * - `blurred`: the tenant has not unlocked the owner's replies; `body_text` is then '' (the words
 *   never leave the server).
 * - `masked`: contact details in `body_text` were replaced by CONTACT_MASK.
 * - `mine`: the viewer wrote it (own text is never blurred or masked).
 */
export const ZMessage = z.object({
  _id: z.string(),
  role: ZConversationRole,
  body_text: z.string(),
  blurred: z.boolean(),
  masked: z.boolean(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type TMessage = z.infer<typeof ZMessage>;

/** POST /conversations answers the conversation id and the message as its sender sees it. */
export const ZStartConversationAnswer = okAnswer({
  conversation_id: z.string(),
  /** False when the tenant already had a conversation about this listing (the message was added to it). */
  created: z.boolean(),
  message: ZMessage,
});
export type TStartConversationAnswer = z.infer<typeof ZStartConversationAnswer>;

/** The listing of a conversation, populated; null when the listing has been deleted. */
export const ZConversationListing = z.object({
  ...titledListingFields,
  price_etb: z.number().int(),
  /** The primary photo only (empty when the listing has none). */
  photos: z.array(ZPhoto).max(1),
});
export type TConversationListing = z.infer<typeof ZConversationListing>;

/**
 * The people of a conversation. `tenant_phone` is the tenant's own number for the tenant (so the
 * spec's "viewer is the tenant when sub equals tenant_phone" holds) and for admins; it is null for
 * the owner, who reaches the tenant through the chat only. The owner's phone is never here.
 * Names are contact-masked like messages (a name can hide a number).
 */
export const ZParticipants = z.object({
  tenant_phone: z.string().nullable(),
  tenant_name: z.string().nullable(),
  owner_name: z.string().nullable(),
  /** The side deleted their account: their messages read as from 'Deleted user'. */
  tenant_deleted: z.boolean().optional(),
  owner_deleted: z.boolean().optional(),
  /** Present (true) only when the owner is verified with Fayda (docs/fayda.md); owner_name is then the verified name. */
  owner_verified: z.literal(true).optional(),
});
export type TParticipants = z.infer<typeof ZParticipants>;

/** The newest message of a conversation, under the same blur and mask rules as the thread. */
export const ZLastMessage = z.object({
  body_text: z.string(),
  role: ZConversationRole,
  blurred: z.boolean(),
  masked: z.boolean(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type TLastMessage = z.infer<typeof ZLastMessage>;

/** One inbox row. */
export const ZConversationSummary = z.object({
  _id: z.string(),
  conversation_id: z.string(),
  listing_id: ZConversationListing.nullable(),
  participants: ZParticipants,
  viewer_role: ZViewerRole,
  /** The tenant unlocked the owner's replies (1 credit, or free under the tenant plan). */
  is_reply_unlocked: z.boolean(),
  /** The owner has written at least once (an unlock before that would have nothing to show). */
  owner_has_replied: z.boolean(),
  /** Messages of the other participant the viewer has not read (0 for admins). */
  unread_count: z.number().int(),
  /** Null when the conversation has no message (it always has one in practice). */
  last_message: ZLastMessage.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TConversationSummary = z.infer<typeof ZConversationSummary>;

/** GET /conversations: optional filter to one listing (the owner's 'view messages'). */
export const ZConversationsQuery = z.object({
  listing_id: z.string().trim().max(100).optional(),
});
export type TConversationsQuery = z.infer<typeof ZConversationsQuery>;

/** Most conversations one inbox answer holds, newest activity first. */
export const INBOX_MAX = 200;

/** GET /conversations: the viewer's conversations as tenant or owner, latest activity first. */
export const ZConversationsAnswer = okAnswer({ conversations: z.array(ZConversationSummary) });
export type TConversationsAnswer = z.infer<typeof ZConversationsAnswer>;

/** Most messages one thread answer holds: the newest ones, oldest first. */
export const THREAD_MAX = 500;

/**
 * GET /conversations/{id}/messages: the thread, oldest first; reading it marks the other side's
 * messages read for the viewer. `truncated` is true when older messages were left out.
 */
export const ZMessagesAnswer = okAnswer({
  conversation: ZConversationSummary,
  messages: z.array(ZMessage),
  is_reply_unlocked: z.boolean(),
  truncated: z.boolean(),
});
export type TMessagesAnswer = z.infer<typeof ZMessagesAnswer>;

/** POST /conversations/{id}/reply. */
export const ZReplyRequest = z.object({ body: ZMessageBody });
export type TReplyRequest = z.input<typeof ZReplyRequest>;

export const ZReplyAnswer = okAnswer({ conversation_id: z.string(), message: ZMessage });
export type TReplyAnswer = z.infer<typeof ZReplyAnswer>;

/**
 * POST /conversations/{id}/unlock-first-reply (tenant only). `used_credit` is true only when this
 * call took a credit; `already_unlocked` when it was unlocked before (nothing charged).
 * Errors: 409 nothing_to_unlock (the owner has not written), 402 insufficient_credits.
 */
export const ZUnlockReplyAnswer = okAnswer({
  is_reply_unlocked: z.literal(true),
  used_credit: z.boolean(),
  already_unlocked: z.boolean(),
  balance: z.object({ credits: z.number().int() }),
});
export type TUnlockReplyAnswer = z.infer<typeof ZUnlockReplyAnswer>;

/** GET /conversations/unread-count: unread messages over all the viewer's conversations. */
export const ZUnreadCountAnswer = okAnswer({ count: z.number().int() });
export type TUnreadCountAnswer = z.infer<typeof ZUnreadCountAnswer>;

// -------------------------------------------------------------------------------------------------
// Realtime (server-sent events)
// -------------------------------------------------------------------------------------------------

/** Seconds a stream ticket stays valid; it works once. */
export const STREAM_TICKET_TTL_SECONDS = 60;
/** The server writes a comment line this often so proxies keep the stream open. */
export const STREAM_HEARTBEAT_MS = 25_000;
/** Milliseconds the browser waits before reconnecting (sent as `retry:`). */
export const STREAM_RETRY_MS = 5_000;

/**
 * POST /realtime/ticket: a one-time ticket for GET /api/realtime/stream?ticket=... (EventSource
 * cannot send the Authorization header). `stream_url` is the path to open.
 */
export const ZStreamTicketAnswer = okAnswer({
  ticket: z.string(),
  expires_in: z.number().int(),
  stream_url: z.string(),
});
export type TStreamTicketAnswer = z.infer<typeof ZStreamTicketAnswer>;

/** `event: message`: something changed in this conversation; refetch it through the normal calls. */
export const ZMessageEvent = z.object({ conversation_id: z.string() });
export type TMessageEvent = z.infer<typeof ZMessageEvent>;

/** `event: unread`: the viewer's total unread count now. */
export const ZUnreadEvent = z.object({ count: z.number().int() });
export type TUnreadEvent = z.infer<typeof ZUnreadEvent>;

export const REALTIME_EVENT_TYPES = ['message', 'unread', 'notifications'] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];
