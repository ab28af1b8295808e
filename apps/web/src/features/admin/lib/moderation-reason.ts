import type { ModerationAction } from '@betoch/contracts/constants';

/** Moderator notes are optional; empty notes send 'Admin action: {action}'. */
export function moderationReason(notes: string, action: ModerationAction): string {
  const trimmed = notes.trim();
  return trimmed ? trimmed : `Admin action: ${action}`;
}

/** Ban and suspend cut a person off, so they are confirmed first. */
export function needsConfirmation(action: ModerationAction): boolean {
  return action === 'ban' || action === 'suspend';
}

/** The last 6 characters of an id, as cases show it. */
export function shortId(id: string): string {
  return id.slice(-6);
}
