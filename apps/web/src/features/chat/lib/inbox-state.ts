/**
 * What /chat (or /messages) was opened with, from navigation state: one listing to show the
 * conversations of (the owner's 'view messages' sends {listingId, listingTitle}), and whether a
 * message was just sent ({messageSent: true}: the 'message sent' banner).
 */
export interface InboxState {
  listingId?: string;
  listingTitle?: string;
  messageSent: boolean;
}

export function readInboxState(state: unknown): InboxState {
  const s = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  const listingId = typeof s.listingId === 'string' ? s.listingId.trim() : '';
  const listingTitle = typeof s.listingTitle === 'string' ? s.listingTitle.trim() : '';
  return {
    ...(listingId ? { listingId } : {}),
    ...(listingId && listingTitle ? { listingTitle } : {}),
    messageSent: s.messageSent === true,
  };
}

/** The same state without the one-time banner, so a reload or Back does not show it again. */
export function withoutMessageSent(state: unknown): Record<string, unknown> | null {
  if (!state || typeof state !== 'object') return null;
  const { messageSent: _sent, ...rest } = state as Record<string, unknown>;
  return Object.keys(rest).length ? rest : null;
}
