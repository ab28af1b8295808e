import { toLanguage } from '@/lib/i18n-language';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Date and time in Addis Ababa, in the interface language: 'Dec 3, 2026, 14:05'. */
export function formatDateTime(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = toLanguage(language) === 'am' ? 'am-ET' : 'en-US';
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Africa/Addis_Ababa',
    });
    formats.set(locale, format);
  }
  return format.format(date);
}

export function DateTime({ iso, language }: { iso: string; language: string | undefined }) {
  return <time dateTime={iso}>{formatDateTime(iso, language)}</time>;
}
