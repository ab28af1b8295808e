import type { Language } from '@betoch/contracts/constants';
import { calendarYear, formatDate } from './format-date';
import { toLanguage } from './i18n-language';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Just now' in each interface language (Intl would say 'now', which is not the spec's text). */
const JUST_NOW: Record<Language, string> = { en: 'Just now', am: 'ልክ አሁን' };

const LOCALES: Record<Language, string> = { en: 'en-US', am: 'am-ET' };

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();
function relativeFormat(language: Language): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(language);
  if (!format) {
    // 'auto': 'yesterday' / 'ትናንት' instead of '1 day ago'.
    format = new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  return format;
}

/**
 * How long ago something happened, by this rule: under a minute 'Just now';
 * then minutes; hours under 24; days under 7; after that the date ('Nov 20', with the year when
 * it is not this year's; in Amharic the Ethiopian date). A time in the future (a phone whose
 * clock runs late) is 'Just now'. Empty for a date that cannot be read.
 */
export function formatRelativeTime(iso: string, language: string | undefined, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const lang = toLanguage(language);
  const elapsed = now - time;
  if (elapsed < MINUTE) return JUST_NOW[lang];
  if (elapsed < HOUR) return relativeFormat(lang).format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relativeFormat(lang).format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relativeFormat(lang).format(-Math.floor(elapsed / DAY), 'day');
  // The date in the language's calendar (Ethiopian in Amharic), with the year when it is not
  // this year in that calendar.
  const withYear = calendarYear(time, lang) !== calendarYear(now, lang);
  return formatDate(time, lang, withYear ? 'medium' : 'dayMonth');
}
