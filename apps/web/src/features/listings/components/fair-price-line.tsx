import { useTexts } from '@/lib/use-texts';
import type { TFairPriceHint } from '@betoch/contracts/fair-price';
import { formatEtb } from '@/lib/format-money';
import { useFairPrice } from '../api/get-fair-price';
import { typeKey } from '../lib/listing-display';
import styles from './listing-detail-extras.module.css';

/** 'About 12% below the usual price for a 2-bedroom apartment in Bole (18,500 ETB, 23 listings)'. */
export function useFairPriceText(hint: TFairPriceHint): string {
  const { t, i18n } = useTexts(['extras', 'listings']);
  const what =
    hint.bedrooms === 0 && (hint.type === 'studio' || hint.type === 'apartment')
      ? t('fairPrice.whatStudio')
      : t('fairPrice.what', { bedrooms: hint.bedrooms, type: t(`fairPrice.types.${typeKey(hint.type)}`) });
  const values = {
    what,
    subcity: t(`listings:subcities.${hint.subcity}`, { defaultValue: hint.subcity }),
    median: formatEtb(hint.median_etb, i18n.language),
    count: hint.listing_count,
    percent: Math.abs(hint.percent),
  };
  if (hint.direction === 'below') return t('fairPrice.below', values);
  if (hint.direction === 'above') return t('fairPrice.above', values);
  return t('fairPrice.about', values);
}

function FairPriceText({ hint }: { hint: TFairPriceHint }) {
  return (
    <p className={styles.fairPrice} data-testid="fair-price">
      {useFairPriceText(hint)}
    </p>
  );
}

/** The fair-price line under the price of a live listing; nothing without 8 comparables or on a failure. */
export function FairPriceLine({ listingId, live }: { listingId: string; live: boolean }) {
  const query = useFairPrice(listingId, live);
  if (!query.data) return null;
  return <FairPriceText hint={query.data} />;
}
