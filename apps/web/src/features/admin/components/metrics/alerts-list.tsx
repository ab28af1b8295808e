import { useTexts } from '@/lib/use-texts';
import type { TAlert } from '@betoch/contracts/admin';
import styles from '../admin.module.css';

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Alerts of the last 24 hours: severity 'alert' in red, any other in amber; the message is written
 * here in the reader's language from the alert's data, and the data follows with translated labels.
 */
export function AlertsList({ alerts }: { alerts: TAlert[] }) {
  const { t } = useTexts('admin');
  if (alerts.length === 0) return <p className={styles.empty}>{t('metrics.alertsEmpty')}</p>;
  return (
    <ul className={styles.stack}>
      {alerts.map((alert, i) => {
        const severe = alert.severity === 'alert';
        return (
          <li key={`${alert.rule}-${i}`} className={`${styles.alertItem} ${severe ? styles.alertRed : styles.alertAmber}`}>
            <p className={styles.alertHead}>
              <span className={`${styles.badge} ${severe ? styles.badgeRed : styles.badgeAmber}`}>
                {t(`metrics.severity.${alert.severity}`, { defaultValue: alert.severity })}
              </span>{' '}
              <strong>{t(`metrics.rules.${alert.rule}`)}</strong>
            </p>
            <p className={styles.alertMessage}>
              {/* The server's English message is the fallback for a rule this build does not know. */}
              {t(`metrics.messages.${alert.rule}`, { ...alert.data, defaultValue: alert.message, interpolation: { escapeValue: false } })}
            </p>
            {Object.keys(alert.data).length ? (
              <dl className={styles.alertData}>
                {Object.entries(alert.data).map(([key, value]) => (
                  <div key={key}>
                    <dt>{t(`metrics.data.${key}`, { defaultValue: key })}</dt>
                    <dd>{show(value)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
