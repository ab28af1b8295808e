import { formatDate } from '@/lib/format-date';

/** A date and time in Addis Ababa, in the interface language and calendar. */
export function formatWhen(iso: string, language: string | undefined): string {
  return formatDate(iso, language, 'mediumTime24', { timeZone: 'Africa/Addis_Ababa' });
}
