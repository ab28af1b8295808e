import { useTexts } from '@/lib/use-texts';
import type { TFunnel } from '@betoch/contracts/admin';
import { formatPercent, funnelSteps } from '../../lib/funnel';
import styles from '../admin.module.css';

/** Narrowest a step is drawn, so a small number still shows as a band. */
const MIN_WIDTH = 0.14;
/** The outline drawn (in grey) while nothing has started yet. */
const EMPTY_SHAPE = [1, 0.72, 0.46];

/**
 * The 30-day conversation funnel drawn as a funnel: the steps are stacked bands, centred, each as
 * wide as its count (relative to the widest) and narrowing into the next, with the count and its
 * share of the step before beside it; the unlock conversion stands next to the funnel.
 */
export function FunnelChart({ funnel }: { funnel: TFunnel }) {
  const { t, i18n } = useTexts('admin');
  const steps = funnelSteps(funnel);
  const empty = steps.every((s) => s.value === 0);
  const widths = steps.map((s, i) => (empty ? EMPTY_SHAPE[i]! : Math.max(MIN_WIDTH, s.share)));
  return (
    <div className={styles.funnelWrap}>
      <ol className={styles.funnel}>
        {steps.map((step, i) => {
          const width = widths[i]!;
          const bottom = Math.min(width, widths[i + 1] ?? width * 0.8);
          // The band narrows from its own width at the top to the next step's at the bottom.
          const inset = ((width - bottom) / 2 / width) * 100;
          return (
            <li key={step.key} className={styles.funnelStep}>
              <div className={styles.funnelTrack} aria-hidden="true">
                <div
                  className={`${styles.funnelBand} ${empty ? styles.funnelEmpty : styles[`funnel${i}`]}`}
                  style={{ width: `${width * 100}%`, clipPath: `polygon(0 0, 100% 0, ${100 - inset}% 100%, ${inset}% 100%)` }}
                />
              </div>
              <p className={styles.funnelText}>
                <strong className={styles.funnelValue}>{step.value}</strong>
                <span>{t(`metrics.funnel.${step.key}`)}</span>
                {step.fromPrevious !== null ? (
                  <span className={styles.funnelShare}>{t('metrics.fromPrevious', { percent: formatPercent(step.fromPrevious, i18n.language) })}</span>
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
