import { formatDate } from '@/lib/format-date';

/**
 * A calendar date in the interface language and its calendar: 'December 22, 2026' in English,
 * the Ethiopian date in Amharic ('13 ታኅሣሥ 2019 ዓ.ም.'). Empty for a date that cannot be read.
 */
export function formatLocalDate(iso: string, language: string | undefined): string {
  return formatDate(iso, language, 'long');
}

/** A date as <time>, so machines read the exact moment and people the local date. */
export function LocalDate({ iso, language, className }: { iso: string; language: string | undefined; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {formatLocalDate(iso, language)}
    </time>
  );
}
