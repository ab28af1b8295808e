import { SmsDeliveryError, type SmsSender } from './sms-sender.ts';

export interface HttpSmsConfig {
  /** The gateway's origin, e.g. https://api.afromessage.com (SMS_GATEWAY_URL). */
  baseUrl: string;
  /** API token from the gateway's dashboard (SMS_GATEWAY_TOKEN). */
  token: string;
  /** The verified sender name the phone shows (SMS_SENDER_ID). */
  senderId: string;
  /** The sending identifier (short code) id, only for accounts with several (SMS_IDENTIFIER_ID). */
  identifierId?: string;
  timeoutMs?: number;
}

/** What the gateway answers; only `acknowledge` decides, the rest is kept for the log. */
interface GatewayAnswer {
  acknowledge?: unknown;
  response?: { message_id?: unknown; errors?: unknown };
}

/**
 * The adapter for AfroMessage, the Ethiopian SMS API (https://afromessage.com/developers). What its
 * send call looks like, as documented there and used by its published clients (Python, PHP, Dart):
 *   POST {origin}/api/send
 *   Authorization: Bearer <token>
 *   Content-Type: application/json
 *   { "from": "<identifier id, optional>", "sender": "<sender name>", "to": "+2519...",
 *     "message": "<text>", "callback": "<optional url>" }
 * It answers HTTP 200 with { "acknowledge": "success", "response": { "message_id", ... } } when
 * the message is accepted, and { "acknowledge": "error", "response": { "errors": [...] } } (often
 * still HTTP 200) when it is not, so success is the acknowledge field, not the status alone.
 * `from` is sent only when configured: without it the account's default identifier is used.
 * Numbers go in E.164 with the '+', a form the gateway accepts. The same call shape (bearer token,
 * JSON body) fits other gateways that copy it, which keeps a switch of provider to this file.
 */
export class HttpSmsSender implements SmsSender {
  readonly name = 'http';

  constructor(private readonly config: HttpSmsConfig) {}

  async send(phone: string, text: string): Promise<void> {
    const base = this.config.baseUrl.endsWith('/') ? this.config.baseUrl : `${this.config.baseUrl}/`;
    const url = new URL('api/send', base);
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
          ...(this.config.identifierId ? { from: this.config.identifierId } : {}),
          sender: this.config.senderId,
          to: phone,
          message: text,
        }),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 8000),
        redirect: 'error',
      });
    } catch (error) {
      // The error names the failure (timeout, refused), never the message text with its code.
      throw new SmsDeliveryError(`SMS gateway unreachable: ${(error as Error).name}`);
    }
    const answer = (await res.json().catch(() => null)) as GatewayAnswer | null;
    if (!res.ok || answer?.acknowledge !== 'success') {
      throw new SmsDeliveryError(`SMS gateway refused the message (HTTP ${res.status}, acknowledge=${String(answer?.acknowledge)})`);
    }
  }
}
