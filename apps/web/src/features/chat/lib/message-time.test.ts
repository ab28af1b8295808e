import { describe, expect, it } from 'vitest';
import { formatMessageTime } from './message-time';

// Built from local parts, so the test holds in any time zone.
const NOW = new Date(2026, 10, 22, 18, 30).getTime();

describe('formatMessageTime', () => {
  it('shows only the time for a message of today', () => {
    expect(formatMessageTime(new Date(2026, 10, 22, 9, 5).toISOString(), 'en', NOW)).toBe('9:05 AM');
  });

  it('adds the day for an earlier day, and the year for another year', () => {
    expect(formatMessageTime(new Date(2026, 10, 20, 16, 5).toISOString(), 'en', NOW)).toBe('Nov 20, 4:05 PM');
    expect(formatMessageTime(new Date(2025, 2, 2, 16, 5).toISOString(), 'en', NOW)).toBe('Mar 2, 2025, 4:05 PM');
  });

  it('speaks Amharic in Amharic', () => {
    const text = formatMessageTime(new Date(2026, 10, 22, 9, 5).toISOString(), 'am', NOW);
    expect(text).toContain('9:05');
    expect(text).toMatch(/[\u1200-\u137f]/);
    // Earlier days in the Ethiopian calendar: 20 November 2026 is 11 Hidar 2019.
    expect(formatMessageTime(new Date(2026, 10, 20, 16, 5).toISOString(), 'am', NOW)).toMatch(/^ኅዳር 11 /);
  });

  it('answers nothing for a date it cannot read', () => {
    expect(formatMessageTime('soon', 'en', NOW)).toBe('');
  });
});
