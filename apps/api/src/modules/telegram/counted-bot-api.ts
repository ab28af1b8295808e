import type { OpsMetrics } from '../ops-metrics/ops-metrics.ts';
import type { BotApi } from './bot-api-client.ts';

/**
 * The Telegram Bot API client, each call (a message, a photo, an edit, an answer to a button)
 * counted in /metrics: failed when Telegram refused it (429, 403, 5xx) or did not answer.
 */
export function countedBotApi(api: BotApi, metrics: OpsMetrics): BotApi {
  return {
    async call(method, params) {
      try {
        const result = await api.call(method, params);
        metrics.outbound('telegram', true);
        return result;
      } catch (error) {
        metrics.outbound('telegram', false);
        throw error;
      }
    },
  };
}
