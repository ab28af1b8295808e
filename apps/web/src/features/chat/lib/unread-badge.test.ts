import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from './unread-badge';

describe('unreadBadgeText', () => {
  it('says nothing at 0 or when the count is unknown', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(undefined)).toBeNull();
    expect(unreadBadgeText(null)).toBeNull();
  });

  it('shows the count up to 99 and 99+ above it', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(4321)).toBe('99+');
  });
});
