const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar date in the interface language: 'December 22, 2026' in English, the Amharic month
 * names in Amharic. Empty for a date that cannot be read.
 */
export function formatLocalDate(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = language?.toLowerCase().startsWith('am') ? 'am-ET' : 'en-US';
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' });
    formats.set(locale, format);
  }
  return format.format(date);
}

/** A date as <time>, so machines read the exact moment and people the local date. */
export function LocalDate({ iso, language, className }: { iso: string; language: string | undefined; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {formatLocalDate(iso, language)}
    </time>
  );
}
