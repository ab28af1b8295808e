import { toLanguage } from '@/lib/i18n-language';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: string | undefined, options: Intl.DateTimeFormatOptions, key: string): Intl.DateTimeFormat {
  const locale = toLanguage(language) === 'am' ? 'am-ET' : 'en-US';
  const id = `${locale}:${key}`;
  let f = formats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formats.set(id, f);
  }
  return f;
}

function parse(day: string): Date | null {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day ('2026-12-03', already in Addis Ababa time) as 'Dec 3' / its Amharic form. */
export function shortDay(day: string, language: string | undefined): string {
  const date = parse(day);
  return date ? format(language, { month: 'short', day: 'numeric' }, 'short').format(date) : day;
}

/** The same day with its weekday, for the table: 'Thu, Dec 3'. */
export function weekdayDay(day: string, language: string | undefined): string {
  const date = parse(day);
  return date ? format(language, { weekday: 'short', month: 'short', day: 'numeric' }, 'weekday').format(date) : day;
}
