import { formatDate } from '@/lib/format-date';

function parse(day: string): Date | null {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day ('2026-12-03', already in Addis Ababa time) as 'Dec 3' / its Ethiopian date in Amharic. */
export function shortDay(day: string, language: string | undefined): string {
  const date = parse(day);
  return date ? formatDate(date, language, 'dayMonth', { timeZone: 'UTC' }) : day;
}

/** The same day with its weekday, for the table: 'Thu, Dec 3'. */
export function weekdayDay(day: string, language: string | undefined): string {
  const date = parse(day);
  return date ? formatDate(date, language, 'weekdayDayMonth', { timeZone: 'UTC' }) : day;
}
