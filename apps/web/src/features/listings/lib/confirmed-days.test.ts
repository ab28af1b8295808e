import { describe, expect, it } from 'vitest';
import { confirmedDaysAgo } from './confirmed-days';

describe('confirmedDaysAgo', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('counts whole days, today as 0', () => {
    expect(confirmedDaysAgo('2026-03-10T08:00:00Z', now)).toBe(0);
    expect(confirmedDaysAgo('2026-03-09T11:00:00Z', now)).toBe(1);
    expect(confirmedDaysAgo('2026-03-07T12:00:00Z', now)).toBe(3);
  });
  it('is null when never confirmed or unreadable, and never negative', () => {
    expect(confirmedDaysAgo(null, now)).toBeNull();
    expect(confirmedDaysAgo('soon', now)).toBeNull();
    expect(confirmedDaysAgo('2026-03-11T12:00:00Z', now)).toBe(0);
  });
});
