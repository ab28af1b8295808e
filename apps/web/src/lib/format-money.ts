import { toLanguage } from './i18n-language';

/**
 * 1234567.891 -> '1,234,567.89': what Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
 * writes, without creating a NumberFormat while the first page loads (that loads the browser's
 * number data: tens of milliseconds of main thread on a mid-range phone, for every price card).
 */
export function groupThousands(amount: number): string {
  if (!Number.isFinite(amount)) return String(amount);
  // A whole number (every price in birr): its digits in threes, without the rounding's strings.
  if (Number.isSafeInteger(amount)) return `${amount < 0 ? '-' : ''}${inThrees(String(Math.abs(amount)))}`;
  // Rounded half away from zero on the number as written (1.005 -> 1.01), as Intl rounds.
  const written = String(Math.abs(amount));
  const rounded = written.includes('e') ? Math.round(Math.abs(amount) * 100) / 100 : Math.round(Number(`${written}e2`)) / 100;
  const [whole = '0', fraction] = rounded
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** '1234567' -> '1,234,567'. */
function inThrees(digits: string): string {
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return grouped;
}

/** Prices in birr with thousands separators: '1,250 ETB' in English, '1,250 ብር' in Amharic. */
export function formatEtb(amount: number, language: string | undefined): string {
  const value = groupThousands(amount);
  return toLanguage(language) === 'am' ? `${value} ብር` : `${value} ETB`;
}
