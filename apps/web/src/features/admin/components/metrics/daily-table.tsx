import { useTexts } from '@/lib/use-texts';
import type { TDailyMetric } from '@betoch/contracts/admin';
import { DAILY_SERIES } from '../../lib/daily-series';
import { weekdayDay } from '../../lib/day-label';
import styles from '../admin.module.css';

/** The 14-day table, newest day first; it scrolls sideways on a phone. */
export function DailyTable({ days }: { days: TDailyMetric[] }) {
  const { t, i18n } = useTexts('admin');
  const rows = [...days].reverse();
  return (
    <div className={styles.scroll} role="region" aria-label={t('metrics.tableScroll')} tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('metrics.columns.date')}</th>
            {DAILY_SERIES.map((s) => (
              <th key={s} scope="col" className={styles.num}>
                {t(`metrics.columns.${s}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((day) => (
            <tr key={day.date}>
              <th scope="row">
                <time dateTime={day.date}>{weekdayDay(day.date, i18n.language)}</time>
              </th>
              {DAILY_SERIES.map((s) => (
                <td key={s} className={`${styles.num} ${day[s] === 0 ? styles.zero : ''}`}>
                  {day[s]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
