import { useTexts } from '@/lib/use-texts';
import type { TListing } from '@betoch/contracts/listings';
import { moveInCost } from '@betoch/contracts/move-in-cost';
import { Price } from '@/components/ui/price';
import { formatEtb } from '@/lib/format-money';
import styles from './move-in-cost.module.css';

/**
 * 'Move-in cost' on /l/{id}: the sum a tenant pays before moving in, with its parts:
 * first month, advance, deposit and, on a broker's listing, the broker fee. An advance the poster
 * did not state makes the sum a minimum ('At least').
 */
export function MoveInCost({ listing }: { listing: TListing }) {
  const { t, i18n } = useTexts('listings');
  const cost = moveInCost(listing);
  // `?? null`: an answer cached before these fields existed has none of them.
  const advanceMonths = listing.advance_months ?? null;
  const feeEtb = listing.broker_fee_etb ?? null;
  const feePercent = listing.broker_fee_percent ?? null;
  const advanceKnown = advanceMonths !== null;
  const broker = listing.source === 'delala';
  const brokerKnown = feeEtb !== null || feePercent !== null;
  const complete = advanceKnown && (!broker || brokerKnown);
  const amount = (value: number) => <Price amount={value} />;
  return (
    <section className={styles.box} aria-labelledby="move-in-title" data-testid="move-in-cost">
      <h2 id="move-in-title" className={styles.title}>
        {t('moveIn.title')}
      </h2>
      <p className={styles.total} data-testid="move-in-total">
        <span>{t('moveIn.total')}</span>{' '}
        <strong dir="ltr">{complete ? formatEtb(cost.total, i18n.language) : t('moveIn.atLeast', { amount: formatEtb(cost.total, i18n.language) })}</strong>
      </p>
      <dl className={styles.parts}>
        <div>
          <dt>{t('moveIn.firstMonth')}</dt>
          <dd>{amount(cost.firstMonth)}</dd>
        </div>
        <div>
          <dt>{advanceKnown ? t('moveIn.advance', { count: advanceMonths ?? 0 }) : t('moveIn.advanceLabel')}</dt>
          <dd>{advanceKnown ? (cost.advance > 0 ? amount(cost.advance) : t('moveIn.none')) : t('moveIn.notStated')}</dd>
        </div>
        <div>
          <dt>{t('moveIn.deposit')}</dt>
          <dd>{cost.deposit > 0 ? amount(cost.deposit) : t('moveIn.none')}</dd>
        </div>
        {broker ? (
          <div>
            <dt>{feePercent !== null && feeEtb === null ? t('moveIn.brokerFeeShare', { percent: feePercent }) : t('moveIn.brokerFee')}</dt>
            <dd>{brokerKnown ? (cost.brokerFee > 0 ? amount(cost.brokerFee) : t('moveIn.none')) : t('moveIn.notStated')}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * The rent law in plain words (Proclamation No. 1320/2024), folded: a <details> needs no script,
 * so /l/{id} carries no code for it.
 */
export function RentLawNote() {
  const { t } = useTexts('listings');
  return (
    <details className={styles.law} data-testid="rent-law">
      <summary className={styles.lawSummary}>{t('moveIn.lawSummary')}</summary>
      <p className={styles.lawName}>{t('moveIn.lawName')}</p>
      <ul className={styles.lawPoints}>
        <li>{t('moveIn.lawLeaseTerm')}</li>
        <li>{t('moveIn.lawWritten')}</li>
        <li>{t('moveIn.lawPayment')}</li>
        <li>{t('moveIn.lawRaise')}</li>
        <li>{t('moveIn.lawAdvance')}</li>
      </ul>
      <p className={styles.disclaimer}>{t('moveIn.lawDisclaimer')}</p>
    </details>
  );
}
