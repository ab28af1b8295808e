import { toLanguage } from './i18n-language';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Prices in birr with thousands separators: '1,250 ETB' in English, '1,250 ብር' in Amharic. */
export function formatEtb(amount: number, language: string | undefined): string {
  const value = NUMBER.format(amount);
  return toLanguage(language) === 'am' ? `${value} ብር` : `${value} ETB`;
}
