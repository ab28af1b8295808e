/** Query cache keys of the chat feature. */
export const chatKeys = {
  all: ['chat'] as const,
  inboxes: ['chat', 'inbox'] as const,
  inbox: (listingId: string | undefined) => ['chat', 'inbox', listingId ?? 'all'] as const,
  thread: (id: string) => ['chat', 'thread', id] as const,
  unread: ['chat', 'unread'] as const,
};
