import type { OpsMetrics } from '../../ops-metrics/ops-metrics.ts';
import type { SmsSender } from './sms-sender.ts';

/** The SMS sender, each send counted in /metrics as ok or failed. */
export function countedSmsSender(sender: SmsSender, metrics: OpsMetrics): SmsSender {
  return {
    name: sender.name,
    async send(phone, text) {
      try {
        await sender.send(phone, text);
        metrics.outbound('sms', true);
      } catch (error) {
        metrics.outbound('sms', false);
        throw error;
      }
    },
  };
}
