import { useQuery } from '@tanstack/react-query';
import type { TMetricsAlertsAnswer, TMetricsDailyAnswer, TMetricsFunnelAnswer } from '@betoch/contracts/admin';
import { metricsCalls } from '@betoch/contracts/routes/metrics';
import { callAdmin } from '@/lib/api-client';

export interface Metrics {
  daily: TMetricsDailyAnswer['data'];
  funnel: TMetricsFunnelAnswer['data'];
  alerts: TMetricsAlertsAnswer['data'];
}

export const metricsKey = ['admin', 'metrics'] as const;

/** The three metrics calls, asked together: the tab shows them all or says it could not. */
export function useMetrics() {
  return useQuery({
    queryKey: metricsKey,
    queryFn: async ({ signal }): Promise<Metrics> => {
      const [daily, funnel, alerts] = await Promise.all([
        callAdmin(metricsCalls.daily, {}, { signal }),
        callAdmin(metricsCalls.funnels, {}, { signal }),
        callAdmin(metricsCalls.alerts, {}, { signal }),
      ]);
      return { daily, funnel, alerts };
    },
  });
}
