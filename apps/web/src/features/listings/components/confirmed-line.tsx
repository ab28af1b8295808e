import { useTexts } from '@/lib/use-texts';
import { confirmedDaysAgo } from '../lib/confirmed-days';
import styles from './confirmed-line.module.css';

/**
 * 'Available · confirmed 3 days ago': when the poster last said the home is still
 * available. Days count from the phone's clock; the server's count may differ by a day at
 * midnight, so the text is not held against the hydrating render.
 */
export function ConfirmedLine({ confirmedAt }: { confirmedAt: string | null }) {
  const { t } = useTexts('listings');
  const days = confirmedDaysAgo(confirmedAt, Date.now());
  if (days === null) return null;
  return (
    <p className={styles.line} data-testid="confirmed-line">
      <span className={styles.dot} aria-hidden="true" />
      <span suppressHydrationWarning>
        {t('freshness.available')} · {days === 0 ? t('freshness.confirmedToday') : t('freshness.confirmedDaysAgo', { count: days })}
      </span>
    </p>
  );
}
