import { useTexts } from '@/lib/use-texts';
import { CheckIcon } from '@/components/ui/icons';
import styles from './step-indicator.module.css';

/**
 * The numbered step dots. The current one carries aria-current="step". With `onSelect` the dots
 * are buttons (the welcome wizard lets the poster jump to any step); with `hrefOf` as well, each
 * button has a link to its step as a stand-in without JavaScript (the server draws that step).
 */
export function StepIndicator({
  labels,
  current,
  done = [],
  onSelect,
  hrefOf,
  disabled,
  label,
}: {
  labels: readonly string[];
  /** 1-based. */
  current: number;
  /** 1-based steps shown as completed. */
  done?: readonly number[];
  onSelect?: (step: number) => void;
  /** The address of a step, linked without JavaScript (the buttons need the app's code). */
  hrefOf?: (step: number) => string;
  /** Dots that cannot be used right now (while publishing). */
  disabled?: boolean;
  /** Names the list for screen readers, e.g. 'Posting steps'. */
  label: string;
}) {
  const { t } = useTexts('landlord');
  return (
    <nav aria-label={label}>
      <ol className={styles.steps}>
        {labels.map((text, i) => {
          const step = i + 1;
          const isCurrent = step === current;
          const isDone = done.includes(step);
          const dot = (
            <>
              <span className={styles.dot} aria-hidden="true">
                {isDone && !isCurrent ? <CheckIcon size={16} /> : step}
              </span>
              <span className={styles.text}>
                <span className="visually-hidden">{t('steps.stepOf', { step, total: labels.length })} </span>
                {text}
                {isDone ? <span className="visually-hidden"> ({t('steps.done')})</span> : null}
              </span>
            </>
          );
          const className = `${styles.step} ${isCurrent ? styles.current : ''} ${isDone ? styles.done : ''}`;
          return (
            <li key={text} className={styles.item}>
              {onSelect ? (
                <>
                  <button
                    type="button"
                    className={`${className} ${hrefOf ? 'needs-script' : ''}`}
                    aria-current={isCurrent ? 'step' : undefined}
                    onClick={() => onSelect(step)}
                    disabled={disabled}
                  >
                    {dot}
                  </button>
                  {hrefOf ? (
                    <noscript>
                      <a href={hrefOf(step)} className={`${className} ${styles.link}`} aria-current={isCurrent ? 'step' : undefined}>
                        {dot}
                      </a>
                    </noscript>
                  ) : null}
                </>
              ) : (
                <span className={className} aria-current={isCurrent ? 'step' : undefined}>
                  {dot}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
