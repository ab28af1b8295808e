const formats = new Map<string, Intl.NumberFormat>();

/** 15000 -> '15,000 ETB' (English) or '15,000 ብር' (Amharic): whole birr with thousands separators. */
export function formatBirr(amount: number, language: string | undefined): string {
  const am = (language ?? 'en').startsWith('am');
  const key = am ? 'am' : 'en';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    formats.set(key, format);
  }
  const number = format.format(Math.round(amount));
  return am ? `${number} ብር` : `${number} ETB`;
}
