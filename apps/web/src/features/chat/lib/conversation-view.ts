import type { TConversationSummary } from '@betoch/contracts/conversations';

type Summary = Pick<TConversationSummary, 'viewer_role' | 'is_reply_unlocked' | 'owner_has_replied' | 'last_message'>;

/** The viewer is the conversation's tenant (the server says so in `viewer_role`). */
export function isTenantViewer(conversation: Pick<TConversationSummary, 'viewer_role'>): boolean {
  return conversation.viewer_role === 'tenant';
}

/**
 * The 'Locked' badge of an inbox row: the viewer is the tenant and the owner's replies are not
 * unlocked. Only once the owner has written: before that there is nothing to unlock (the server
 * answers 409 to an unlock), and a badge would send the tenant to a thread with no unlock offer.
 */
export function isLockedForViewer(conversation: Summary): boolean {
  return isTenantViewer(conversation) && !conversation.is_reply_unlocked && conversation.owner_has_replied;
}

/** The counterpart's name: the owner's for the tenant, the tenant's for the owner; null if unknown. */
export function counterpartName(conversation: Pick<TConversationSummary, 'viewer_role' | 'participants'>): string | null {
  const { participants } = conversation;
  const name = isTenantViewer(conversation) ? participants.owner_name : participants.tenant_name;
  return name?.trim() ? name.trim() : null;
}

/** The side of this role deleted their account: their messages read as from 'Deleted user'. */
export function sideDeleted(conversation: Pick<TConversationSummary, 'participants'>, role: 'tenant' | 'owner'): boolean {
  return Boolean(role === 'owner' ? conversation.participants.owner_deleted : conversation.participants.tenant_deleted);
}

/** The counterpart deleted their account. */
export function counterpartDeleted(conversation: Pick<TConversationSummary, 'viewer_role' | 'participants'>): boolean {
  return sideDeleted(conversation, isTenantViewer(conversation) ? 'owner' : 'tenant');
}

export type LastMessageView = { kind: 'none' } | { kind: 'locked' } | { kind: 'empty' } | { kind: 'text'; text: string };

/**
 * The last-message line of an inbox row: 'No messages yet' when there is none;
 * 'Unlock to view messages' when the tenant may not read it yet (an owner message while replies
 * are locked: the server sent no words); 'Message' when the body is empty; else the text (which
 * may still hold the contact-masking marker, translated by the caller).
 */
export function lastMessageView(conversation: Summary): LastMessageView {
  const last = conversation.last_message;
  if (!last) return { kind: 'none' };
  const lockedForTenant = isTenantViewer(conversation) && !conversation.is_reply_unlocked && last.role === 'owner';
  if (last.blurred || lockedForTenant) return { kind: 'locked' };
  const text = last.body_text.trim();
  if (!text) return { kind: 'empty' };
  return { kind: 'text', text };
}

/** Latest activity first (the server's order too; kept when answers are merged or patched). */
export function byLatestActivity<T extends Pick<TConversationSummary, 'updatedAt'>>(conversations: readonly T[]): T[] {
  return [...conversations].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}
