import { useId, type Ref } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { formatEtb } from '@/lib/format-money';
import { usePlanNames } from '@/lib/plan-names';
import type { BuyCard as BuyCardData } from '../lib/wallet-cards';
import styles from './wallet-page.module.css';

export interface BuyCardProps {
  card: BuyCardData;
  /** The sku the user was sent here for: outlined. */
  highlighted: boolean;
  /** This card's purchase is running. */
  busy: boolean;
  /** Another purchase is running: one at a time. */
  disabled: boolean;
  onBuy: () => void;
  ref?: Ref<HTMLLIElement>;
}

/** One Buy card: name, labels, what it gives, the price in birr and its Buy button. */
export function BuyCard({ card, highlighted, busy, disabled, onBuy, ref }: BuyCardProps) {
  const { t, i18n } = useTexts('wallet');
  const plans = usePlanNames();
  const nameId = useId();
  const name = plans.name(card.sku);
  const price = formatEtb(card.priceEtb, i18n.language);
  const classes = [styles.card, card.bestValue && styles.cardBest, highlighted && styles.cardHighlighted].filter(Boolean).join(' ');
  return (
    <li ref={ref} className={classes} aria-labelledby={nameId} data-sku={card.sku} data-highlighted={highlighted || undefined}>
      <div className={styles.cardLabels}>
        {card.bestValue ? <span className={styles.bestValue}>{plans.bestValue}</span> : null}
        {highlighted ? <span className={styles.chosen}>{t('cards.chosen')}</span> : null}
      </div>
      <h3 id={nameId} className={styles.cardName}>
        {name}
      </h3>
      <p className={styles.price} dir="ltr">
        {price}
      </p>
      {card.savingPercent ? <p className={styles.saving}>{t('cards.saving', { percent: card.savingPercent })}</p> : null}
      <ul className={styles.features}>
        {card.features.map((f) => (
          <li key={f.key}>
            <CheckIcon size={16} className={styles.featureIcon} />
            {t(`features.${f.key}`, { count: f.count })}
          </li>
        ))}
      </ul>
      <Button block variant={card.bestValue || highlighted ? 'gold' : 'primary'} loading={busy} disabled={disabled} onClick={onBuy}>
        {busy ? t('cards.buying') : t('cards.buy', { price })}
        <span className="visually-hidden"> – {name}</span>
      </Button>
    </li>
  );
}
