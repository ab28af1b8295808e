import { useTranslation } from 'react-i18next';

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string): Intl.NumberFormat {
  const locale = language.startsWith('am') ? 'am-ET' : 'en-US';
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    formatters.set(locale, format);
  }
  return format;
}

/**
 * An amount of birr with thousands separators: '15,000 ETB' in English, '15,000 ብር' in Amharic
 * (the way prices are written in Addis). Whole birr only.
 */
export function formatEtb(amount: number, language: string): string {
  const number = numberFormat(language).format(Math.round(amount));
  return `${number} ${language.startsWith('am') ? 'ብር' : 'ETB'}`;
}

/** A price in birr in the interface language; `suffix` (e.g. '/month') follows in a lighter style. */
export function Price({ amount, suffix, className }: { amount: number; suffix?: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={className}>
      <span dir="ltr">{formatEtb(amount, i18n.language ?? 'en')}</span>
      {suffix ? <span style={{ fontWeight: 400, fontSize: '0.85em' }}> {suffix}</span> : null}
    </span>
  );
}
