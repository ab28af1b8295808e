import { useTranslation } from 'react-i18next';
import type { TFunnel } from '@betoch/contracts/admin';
import { formatPercent, funnelSteps } from '../../lib/funnel';
import styles from '../admin.module.css';

/** Narrowest a step is drawn, so a small number still shows as a band. */
const MIN_WIDTH = 0.12;

/**
 * The 30-day conversation funnel drawn as a funnel: each step a centred band as wide as its count
 * (relative to the widest), narrowing towards the unlocks, and the unlock conversion beside it.
 */
export function FunnelChart({ funnel }: { funnel: TFunnel }) {
  const { t, i18n } = useTranslation('admin');
  const steps = funnelSteps(funnel);
  return (
    <div className={styles.funnelWrap}>
      <ol className={styles.funnel}>
        {steps.map((step, i) => {
          const width = Math.max(MIN_WIDTH, step.share);
          const next = steps[i + 1];
          const nextWidth = next ? Math.max(MIN_WIDTH, next.share) : width * 0.85;
          // The band narrows from its own width at the top to the next step's at the bottom.
          const inset = ((width - Math.min(nextWidth, width)) / 2 / width) * 100;
          return (
            <li key={step.key} className={styles.funnelStep}>
              <div
                className={`${styles.funnelBand} ${styles[`funnel${i}`]}`}
                style={{ width: `${width * 100}%`, clipPath: `polygon(0 0, 100% 0, ${100 - inset}% 100%, ${inset}% 100%)` }}
                aria-hidden="true"
              />
              <p className={styles.funnelText}>
                <strong className={styles.funnelValue}>{step.value}</strong> {t(`metrics.funnel.${step.key}`)}
                {step.fromPrevious !== null ? (
                  <span className={styles.muted}> · {t('metrics.fromPrevious', { percent: formatPercent(step.fromPrevious, i18n.language) })}</span>
                ) : null}
              </p>
            </li>
          );
        })}
      </ol>
      <div className={styles.rate}>
        <p className={styles.rateLabel}>{t('metrics.unlockRate')}</p>
        <p className={styles.rateValue}>{formatPercent(funnel.unlockRate, i18n.language)}</p>
        <p className={styles.muted}>{t('metrics.unlockRateHint')}</p>
      </div>
    </div>
  );
}
