import { formatMarketDateTime } from '@/lib/format-date';

export function DateTime({ iso, language }: { iso: string; language: string | undefined }) {
  return <time dateTime={iso}>{formatMarketDateTime(iso, language)}</time>;
}
