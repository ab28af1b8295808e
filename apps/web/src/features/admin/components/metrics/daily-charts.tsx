import { useTexts } from '@/lib/use-texts';
import type { TDailyMetric } from '@betoch/contracts/admin';
import { niceMax, peakIndex, total } from '../../lib/chart-scale';
import { DAILY_SERIES, seriesValues, type DailySeries } from '../../lib/daily-series';
import { shortDay } from '../../lib/day-label';
import styles from '../admin.module.css';

/** One small bar chart per series of the daily table, so each trend is seen at a glance. */
export function DailyCharts({ days }: { days: TDailyMetric[] }) {
  const { t } = useTexts('admin');
  return (
    <div>
      <h3 className={styles.subTitle}>{t('metrics.chartTitle')}</h3>
      <ul className={styles.charts}>
        {DAILY_SERIES.map((series) => (
          <li key={series}>
            <SeriesChart days={days} series={series} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const WIDTH = 280;
const HEIGHT = 96;
const TOP = 14;

function SeriesChart({ days, series }: { days: TDailyMetric[]; series: DailySeries }) {
  const { t, i18n } = useTexts('admin');
  const values = seriesValues(days, series);
  const top = niceMax(values);
  const sum = total(values);
  const peak = peakIndex(values);
  const name = t(`metrics.columns.${series}`);
  const slot = WIDTH / Math.max(values.length, 1);
  const barWidth = Math.max(2, slot * 0.7);
  const plot = HEIGHT - TOP;
  const summary = [
    t('metrics.chartSummary', { series: name, total: sum }),
    peak === null ? t('metrics.chartNone') : t('metrics.chartPeak', { date: shortDay(days[peak]!.date, i18n.language), count: values[peak] }),
  ].join(' ');

  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartCaption}>
        <span className={styles.chartName}>{name}</span>
        <span className={styles.chartTotal}>{t('metrics.total', { count: sum })}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none" className={styles.chartSvg}>
        <title>{summary}</title>
        <line x1={0} x2={WIDTH} y1={TOP} y2={TOP} className={styles.gridLine} />
        <line x1={0} x2={WIDTH} y1={TOP + plot / 2} y2={TOP + plot / 2} className={styles.gridLine} />
        {values.map((value, i) => {
          const h = value === 0 ? 0 : Math.max(2, (value / top) * plot);
          return (
            <rect
              key={days[i]!.date}
              x={i * slot + (slot - barWidth) / 2}
              y={HEIGHT - h}
              width={barWidth}
              height={h}
              rx={1.5}
              className={i === peak ? styles.barPeak : styles.bar}
            />
          );
        })}
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className={styles.axisLine} />
      </svg>
      <div className={styles.chartAxis} aria-hidden="true">
        <span>{days[0] ? shortDay(days[0].date, i18n.language) : ''}</span>
        <span>
          {t('metrics.max')} {top}
        </span>
        <span>{days.length ? shortDay(days[days.length - 1]!.date, i18n.language) : ''}</span>
      </div>
    </figure>
  );
}
