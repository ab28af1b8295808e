import { useTexts } from '@/lib/use-texts';
import { TabHead } from '../tab-head';
import { TitledSection } from '../titled-section';
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
      <TabHead onRefresh={() => void metrics.refetch()} refreshing={metrics.isFetching && !metrics.isPending} />
      {metrics.isPending ? (
        <div className={styles.stack} role="status" aria-label={t('common.loading')}>
          <Skeleton height={200} radius={12} />
          <Skeleton height={200} radius={12} />
        </div>
      ) : metrics.isError ? (
        <LoadFailure title={t('metrics.loadFailed')} error={metrics.error} onRetry={() => void metrics.refetch()} retrying={metrics.isFetching} />
      ) : (
        <>
          <TitledSection id="alerts-title" title={t('metrics.alertsTitle')}>
            <AlertsList alerts={metrics.data.alerts.items} />
          </TitledSection>
          <TitledSection id="daily-title" title={t('metrics.dailyTitle')}>
            <DailyCharts days={metrics.data.daily.series} />
            <h3 className={styles.subTitle}>{t('metrics.tableTitle')}</h3>
            <DailyTable days={metrics.data.daily.series} />
          </TitledSection>
          <TitledSection id="funnel-title" title={t('metrics.funnelTitle')}>
            <FunnelChart funnel={metrics.data.funnel} />
          </TitledSection>
        </>
      )}
    </div>
  );
}
