import { defineRoute } from '../route-contract.ts';
import { ZMetricsAlertsAnswer, ZMetricsDailyAnswer, ZMetricsFunnelAnswer } from '../admin.ts';

/** The metrics calls: method, path, what each takes and answers. */
export const metricsCalls = {
  daily: defineRoute({
    method: 'GET',
    path: '/admin/metrics/daily',
    response: ZMetricsDailyAnswer,
  }),
  funnels: defineRoute({
    method: 'GET',
    path: '/admin/metrics/funnels',
    response: ZMetricsFunnelAnswer,
  }),
  alerts: defineRoute({
    method: 'GET',
    path: '/admin/metrics/alerts',
    response: ZMetricsAlertsAnswer,
  }),
};
