import { SmsDeliveryError, type SmsSender } from './sms-sender.ts';

export interface HttpSmsConfig {
  baseUrl: string;
  token: string;
  senderId: string;
  timeoutMs?: number;
}

/**
 * Adapter for an Ethiopian bulk-SMS HTTP API in the style of AfroMessage:
 * POST {baseUrl}/api/send with a bearer token and JSON {from, sender, to, message};
 * the gateway answers {acknowledge: 'success' | 'error', response: {...}}.
 * Numbers are sent in the gateway's expected international form without '+'.
 */
export class HttpSmsSender implements SmsSender {
  readonly name = 'http';

  constructor(private readonly config: HttpSmsConfig) {}

  async send(phone: string, text: string): Promise<void> {
    const url = new URL('api/send', this.config.baseUrl.endsWith('/') ? this.config.baseUrl : `${this.config.baseUrl}/`);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.config.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          from: this.config.senderId,
          sender: this.config.senderId,
          to: phone.replace(/^\+/, ''),
          message: text,
        }),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 8000),
      });
    } catch (error) {
      throw new SmsDeliveryError(`SMS gateway unreachable: ${(error as Error).name}`);
    }
    const body = (await res.json().catch(() => null)) as { acknowledge?: string } | null;
    if (!res.ok || body?.acknowledge !== 'success') {
      throw new SmsDeliveryError(`SMS gateway refused the message (HTTP ${res.status})`);
    }
  }
}
