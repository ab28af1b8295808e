import type { TConversationRole } from '@betoch/contracts/conversations';

export type MessageSide = 'start' | 'end';

/**
 * Where a message sits in the thread: the tenant's messages on the right (end),
 * the owner's on the left (start), whoever reads.
 */
export function messageSide(role: TConversationRole): MessageSide {
  return role === 'tenant' ? 'end' : 'start';
}
