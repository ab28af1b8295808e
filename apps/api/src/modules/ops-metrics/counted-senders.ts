import type { SmsSender } from '../auth/sms/sms-sender.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { BotApi } from '../telegram/bot-api-client.ts';
import type { OpsMetrics } from './ops-metrics.ts';

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

/**
 * The payment provider, each call to its gateway (a charge, a verify) counted in /metrics: failed
 * when it throws or the gateway could not say ('unknown'); a verdict of failed or cancelled is the
 * payer's, an ok call.
 */
export function countedPaymentProvider(provider: PaymentProvider, metrics: OpsMetrics): PaymentProvider {
  async function counted<T>(call: () => Promise<T>, ok: (answer: T) => boolean): Promise<T> {
    try {
      const answer = await call();
      metrics.outbound('payment', ok(answer));
      return answer;
    } catch (error) {
      metrics.outbound('payment', false);
      throw error;
    }
  }
  return {
    name: provider.name,
    checkout: provider.checkout,
    assertAvailable: () => provider.assertAvailable(),
    charge: (order) => counted(() => provider.charge(order), () => true),
    verify: (txRef) => counted(() => provider.verify(txRef), (verdict) => verdict.status !== 'unknown'),
    checkWebhook: (rawBody, headers) => provider.checkWebhook(rawBody, headers),
  };
}

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
