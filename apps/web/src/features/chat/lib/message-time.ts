import { calendarYear, formatDate } from '@/lib/format-date';

/**
 * The time under a chat message: '4:05 PM' today, 'Nov 20, 4:05 PM' earlier this year, with the
 * year before that; in the interface language and its calendar. Empty for a date that cannot be read.
 */
export function formatMessageTime(iso: string, language: string | undefined, now: number = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return formatDate(date, language, 'time');
  // Days and years in the language's calendar (Ethiopian in Amharic).
  return formatDate(date, language, calendarYear(date, language) === calendarYear(today, language) ? 'dayMonthTime' : 'mediumTime');
}
