import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'Just now'],
    [59 * SECOND, 'Just now'],
    [60 * SECOND, '1 minute ago'],
    [5 * MINUTE + 30 * SECOND, '5 minutes ago'],
    [59 * MINUTE, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, 'yesterday'],
    [3 * DAY, '3 days ago'],
    [6 * DAY + 23 * HOUR, '6 days ago'],
  ])('in English, %i ms ago reads %s', (elapsed, text) => {
    expect(formatRelativeTime(ago(elapsed), 'en', NOW)).toBe(text);
  });

  it.each([
    [10 * SECOND, 'ልክ አሁን'],
    [5 * MINUTE, 'ከ5 ደቂቃዎች በፊት'],
    [3 * HOUR, 'ከ3 ሰዓቶች በፊት'],
    [DAY, 'ትናንት'],
    [4 * DAY, 'ከ4 ቀናት በፊት'],
  ])('in Amharic, %i ms ago reads %s', (elapsed, text) => {
    expect(formatRelativeTime(ago(elapsed), 'am', NOW)).toBe(text);
  });

  it('shows the date from 7 days on, with the year only when it is another year', () => {
    expect(formatRelativeTime('2026-11-15T12:00:00.000Z', 'en', NOW)).toBe('Nov 15');
    expect(formatRelativeTime('2025-03-02T12:00:00.000Z', 'en', NOW)).toBe('Mar 2, 2025');
    // In Amharic the Ethiopian date: 15 November 2026 is Hidar 6, 2019.
    expect(formatRelativeTime('2026-11-15T12:00:00.000Z', 'am-ET', NOW)).toBe('ኅዳር 6');
    // 2 September 2026 is still in the Ethiopian year 2018, so it carries its year.
    expect(formatRelativeTime('2026-09-02T12:00:00.000Z', 'am', NOW)).toBe('27 ነሐሴ 2018 ዓ.ም.');
  });

  it('treats a time a little in the future (a late phone clock) as just now', () => {
    expect(formatRelativeTime(new Date(NOW + 90 * SECOND).toISOString(), 'en', NOW)).toBe('Just now');
  });

  it('answers nothing for a date it cannot read, and English for other languages', () => {
    expect(formatRelativeTime('not a date', 'en', NOW)).toBe('');
    expect(formatRelativeTime(ago(2 * HOUR), 'fr', NOW)).toBe('2 hours ago');
  });
});
