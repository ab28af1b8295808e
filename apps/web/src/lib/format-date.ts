import { ADDIS_UTC_OFFSET_HOURS, type Language } from '@betoch/contracts/constants';
import { longCalendarDate } from './calendar-date';
import { toLanguage } from './i18n-language';

/**
 * Dates in the interface language and its calendar: the Ethiopian calendar with the
 * Amharic month names when Amharic is chosen ('13 ታኅሣሥ 2019 ዓ.ም.'), the Gregorian calendar in
 * English ('December 22, 2026'). Every date the app shows goes through here.
 */

export const DATE_LOCALES: Record<Language, string> = { en: 'en-US', am: 'am-ET' };
const CALENDARS: Record<Language, string> = { en: 'gregory', am: 'ethiopic' };

/** After an Ethiopian year: ዓመተ ምሕረት, so 2019 is not read as a Gregorian year. */
export const ETHIOPIAN_ERA = 'ዓ.ም.';

const TIME = { hour: 'numeric', minute: '2-digit' } as const;

export const DATE_STYLES = {
  /** December 22, 2026 / 13 ታኅሣሥ 2019 ዓ.ም. */
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  /** Dec 22, 2026 */
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  /** Dec 22 */
  dayMonth: { month: 'short', day: 'numeric' },
  /** Tue, Dec 22 */
  weekdayDayMonth: { weekday: 'short', month: 'short', day: 'numeric' },
  /** 4:05 PM */
  time: TIME,
  /** Dec 22, 4:05 PM */
  dayMonthTime: { month: 'short', day: 'numeric', ...TIME },
  /** Dec 22, 2026, 4:05 PM */
  mediumTime: { year: 'numeric', month: 'short', day: 'numeric', ...TIME },
  /** Dec 22, 2026, 16:05 (24-hour clock, for the admin tables) */
  mediumTime24: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

export interface DateOptions {
  /** An IANA time zone; the browser's own when absent. */
  timeZone?: string;
  /**
   * The day in Addis Ababa rather than the phone's own (the 'long' style): a page the server draws
   * (entry-server.tsx) is drawn with it, and hydrated with it, as the server cannot know the
   * phone's time zone.
   */
  marketDay?: boolean;
}

/** Addis Ababa's offset from UTC (East Africa Time, no daylight saving). */
const MARKET_UTC_OFFSET_MINUTES = ADDIS_UTC_OFFSET_HOURS * 60;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The cached Intl.DateTimeFormat of a language, style and time zone, in that language's calendar. */
export function dateTimeFormat(language: string | undefined, style: DateStyle, options: DateOptions = {}): Intl.DateTimeFormat {
  const lang = toLanguage(language);
  const key = `${lang}:${style}:${options.timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[lang], {
      ...DATE_STYLES[style],
      calendar: CALENDARS[lang],
      numberingSystem: 'latn',
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date (ISO text, epoch milliseconds or Date) in the interface language and calendar. Empty
 * for a date that cannot be read.
 */
export function formatDate(value: string | number | Date, language: string | undefined, style: DateStyle = 'long', options: DateOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  // The style most screens use, without loading the locale's calendar data (./calendar-date.ts).
  if (style === 'long' && !options.timeZone) {
    // The same instant, moved so that this machine's clock reads Addis Ababa's day.
    const shown = options.marketDay ? new Date(date.getTime() + (MARKET_UTC_OFFSET_MINUTES + date.getTimezoneOffset()) * 60_000) : date;
    return longCalendarDate(shown, toLanguage(language), ETHIOPIAN_ERA);
  }
  const format = dateTimeFormat(language, style, options);
  if (toLanguage(language) !== 'am' || !('year' in DATE_STYLES[style])) return format.format(date);
  // The Ethiopian year carries its era, right after the year.
  return format
    .formatToParts(date)
    .map((part) => (part.type === 'year' ? `${part.value} ${ETHIOPIAN_ERA}` : part.value))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The year of a date in the interface language's calendar (the Ethiopian year in Amharic). */
export function calendarYear(value: string | number | Date, language: string | undefined, options: DateOptions = {}): number {
  const date = toDate(value);
  if (!date) return NaN;
  const lang = toLanguage(language);
  const key = `${lang}:year:${options.timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[lang], {
      year: 'numeric',
      calendar: CALENDARS[lang],
      numberingSystem: 'latn',
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    });
    formats.set(key, format);
  }
  const year = format.formatToParts(date).find((p) => p.type === 'year');
  return year ? Number(year.value) : NaN;
}

/** Addis Ababa's time zone, for a date and time shown as the market's clock reads it. */
const MARKET_TIME_ZONE = 'Africa/Addis_Ababa';

/**
 * A date and time in Addis Ababa, in the interface language and calendar: 'Dec 3, 2026, 14:05'
 * (the admin screens, sign-in history, Telegram and data-export dates).
 */
export function formatMarketDateTime(iso: string, language: string | undefined): string {
  return formatDate(iso, language, 'mediumTime24', { timeZone: MARKET_TIME_ZONE });
}
