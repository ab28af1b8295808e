import { describe, expect, it } from 'vitest';
import { moderationReason, needsConfirmation, shortId } from './moderation-reason';

describe('moderation actions', () => {
  it('sends the notes as the reason, or "Admin action: {action}" when they are empty', () => {
    expect(moderationReason('  Fake photos from another site ', 'hide')).toBe('Fake photos from another site');
    expect(moderationReason('', 'ban')).toBe('Admin action: ban');
    expect(moderationReason('   ', 'restore')).toBe('Admin action: restore');
  });

  it('asks for confirmation before ban and suspend only', () => {
    expect(['warn', 'hide', 'suspend', 'ban', 'restore'].filter((a) => needsConfirmation(a as never))).toEqual(['suspend', 'ban']);
  });

  it('shows the last 6 characters of an id', () => {
    expect(shortId('7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBe('f90ae7');
  });
});
