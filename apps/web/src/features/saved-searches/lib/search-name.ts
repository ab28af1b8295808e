import type { TFunction } from 'i18next';
import { formatEtb } from '@/lib/format-money';
import { subcityName } from '@/lib/listing-title';
import type { SearchFilters } from './search-filters';

/**
 * The name the app proposes for a search, from its filters, in the reader's language:
 * 'Apartments in Bole under 20,000 ETB' / 'በቦሌ ከ20,000 ብር በታች የሆኑ አፓርትመንቶች'. The order of the
 * parts is the language's own (alerts:name.template). No filter at all: 'All homes'.
 */
export function proposeSearchName(filters: SearchFilters, t: TFunction, language: string | undefined): string {
  const { type, subcity, q, price_min: min, price_max: max, source } = filters;
  if (!type && !subcity && !q && min === undefined && max === undefined && !source) return t('alerts:name.all');
  const what = type ? t(`alerts:name.types.${type}`) : t('alerts:name.homes');
  const subcityText = subcity ? subcityName(subcity, t) : undefined;
  const place = q && subcityText ? `${q}, ${subcityText}` : (q ?? subcityText);
  const money = (amount: number) => formatEtb(amount, language);
  const price =
    min !== undefined && max !== undefined
      ? t('alerts:name.between', { min: money(min), max: money(max) })
      : max !== undefined
        ? t('alerts:name.under', { amount: money(max) })
        : min !== undefined
          ? t('alerts:name.from', { amount: money(min) })
          : '';
  return t('alerts:name.template', {
    what,
    inPlace: place ? t('alerts:name.inPlace', { place }) : '',
    price,
    source: source === 'landlord' ? t('alerts:name.owners') : source === 'delala' ? t('alerts:name.brokers') : '',
    interpolation: { escapeValue: false },
  })
    .replace(/\s+/g, ' ')
    .trim();
}
