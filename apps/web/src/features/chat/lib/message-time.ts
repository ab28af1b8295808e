import type { Language } from '@betoch/contracts/constants';
import { toLanguage } from '@/lib/i18n-language';

const LOCALES: Record<Language, string> = { en: 'en-US', am: 'am-ET' };
const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: Language, kind: 'time' | 'dateTime' | 'full'): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let f = formats.get(key);
  if (!f) {
    const time = { hour: 'numeric', minute: '2-digit' } as const;
    const options: Intl.DateTimeFormatOptions =
      kind === 'time'
        ? time
        : kind === 'dateTime'
          ? { month: 'short', day: 'numeric', ...time }
          : { year: 'numeric', month: 'short', day: 'numeric', ...time };
    f = new Intl.DateTimeFormat(LOCALES[language], options);
    formats.set(key, f);
  }
  return f;
}

/**
 * The time under a chat message: '4:05 PM' today, 'Nov 20, 4:05 PM' earlier this year, with the
 * year before that; in the interface language. Empty for a date that cannot be read.
 */
export function formatMessageTime(iso: string, language: string | undefined, now: number = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const lang = toLanguage(language);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return format(lang, 'time').format(date);
  return format(lang, date.getFullYear() === today.getFullYear() ? 'dateTime' : 'full').format(date);
}
