import { useTexts } from '@/lib/use-texts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMetrics } from '../../api/metrics';
import { LoadFailure } from '../load-failure';
import { AlertsList } from './alerts-list';
import { DailyCharts } from './daily-charts';
import { DailyTable } from './daily-table';
import { FunnelChart } from './funnel-chart';
import styles from '../admin.module.css';

/** Tab 4: the last 14 days as charts and a table, the 30-day funnel, the alerts of the last 24 hours. */
export function MetricsTab() {
  const { t } = useTexts('admin');
  const metrics = useMetrics();

  return (
    <div>
      <div className={styles.toolbar}>
        <span />
        <Button small variant="secondary" onClick={() => void metrics.refetch()} loading={metrics.isFetching && !metrics.isPending}>
          {t('common.refresh')}
        </Button>
      </div>
      {metrics.isPending ? (
        <div className={styles.stack} role="status" aria-label={t('common.loading')}>
          <Skeleton height={200} radius={12} />
          <Skeleton height={200} radius={12} />
        </div>
      ) : metrics.isError ? (
        <LoadFailure title={t('metrics.loadFailed')} error={metrics.error} onRetry={() => void metrics.refetch()} retrying={metrics.isFetching} />
      ) : (
        <>
          <section aria-labelledby="alerts-title" className={styles.section}>
            <h2 id="alerts-title" className={styles.sectionTitle}>
              {t('metrics.alertsTitle')}
            </h2>
            <AlertsList alerts={metrics.data.alerts.items} />
          </section>
          <section aria-labelledby="daily-title" className={styles.section}>
            <h2 id="daily-title" className={styles.sectionTitle}>
              {t('metrics.dailyTitle')}
            </h2>
            <DailyCharts days={metrics.data.daily.series} />
            <h3 className={styles.subTitle}>{t('metrics.tableTitle')}</h3>
            <DailyTable days={metrics.data.daily.series} />
          </section>
          <section aria-labelledby="funnel-title" className={styles.section}>
            <h2 id="funnel-title" className={styles.sectionTitle}>
              {t('metrics.funnelTitle')}
            </h2>
            <FunnelChart funnel={metrics.data.funnel} />
          </section>
        </>
      )}
    </div>
  );
}
