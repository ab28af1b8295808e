import { formatDate } from '@/lib/format-date';

/** Date and time in Addis Ababa, in the interface language and calendar: 'Dec 3, 2026, 14:05'. */
export function formatDateTime(iso: string, language: string | undefined): string {
  return formatDate(iso, language, 'mediumTime24', { timeZone: 'Africa/Addis_Ababa' });
}

export function DateTime({ iso, language }: { iso: string; language: string | undefined }) {
  return <time dateTime={iso}>{formatDateTime(iso, language)}</time>;
}
