import { createHmac, timingSafeEqual } from 'node:crypto';
import { SKU_CATALOG } from '@betoch/contracts/constants';
import { AppError } from '../../lib/app-error.ts';
import type { ChargeOutcome, GatewayVerdict, PaymentOrder, PaymentProvider, WebhookCheck } from '../wallet/payment-provider.ts';

export interface ChapaConfig {
  secretKey: string;
  webhookSecret: string;
  /** https://api.chapa.co, or a local gateway in tests. */
  baseUrl: string;
  timeoutMs: number;
}

/** Chapa wants a local number: 09xxxxxxxx or 07xxxxxxxx. */
function localPhone(phone: string): string | undefined {
  const m = /^\+251([79]\d{8})$/.exec(phone);
  return m ? `0${m[1]}` : undefined;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function num(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

function gatewayError(): AppError {
  return new AppError('payment_gateway_error', 'The payment service did not answer. Nothing was charged; please try again.');
}

/** Hex HMAC-SHA256 of the raw body, compared in constant time. */
function signatureMatches(rawBody: string, secret: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Chapa's hosted checkout (telebirr, CBE Birr, M-Pesa, cards). `charge` initializes a transaction
 * with our tx_ref and answers its checkout_url; the payment is confirmed only by `verify` (GET
 * /v1/transaction/verify/{tx_ref}), which the webhook, the return page and reconciliation all call.
 */
export class ChapaPaymentProvider implements PaymentProvider {
  readonly name = 'chapa';
  readonly checkout = true;

  constructor(
    private readonly config: ChapaConfig,
    private readonly publicUrl: string,
  ) {}

  assertAvailable(): void {}

  private async call(path: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> | null }> {
    const res = await fetch(`${this.config.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${this.config.secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
      signal: AbortSignal.timeout(this.config.timeoutMs),
    });
    const text = await res.text();
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      body = null;
    }
    return { status: res.status, body };
  }

  async charge(order: PaymentOrder): Promise<ChargeOutcome> {
    const info = SKU_CATALOG[order.sku];
    const phone = localPhone(order.phone);
    const payload = {
      amount: String(order.priceEtb),
      currency: 'ETB',
      tx_ref: order.txRef,
      ...(phone ? { phone_number: phone } : {}),
      callback_url: `${this.publicUrl}/api/payments/chapa/callback`,
      return_url: `${this.publicUrl}/wallet/return?tx_ref=${encodeURIComponent(order.txRef)}`,
      // Chapa limits the title to 16 characters and the description to letters, digits and - _ . and spaces.
      customization: { title: 'Betoch', description: `Betoch ${info.sku.replace(/[^A-Za-z0-9 _.-]/g, ' ')}` },
    };
    let answer: Awaited<ReturnType<ChapaPaymentProvider['call']>>;
    try {
      answer = await this.call('/v1/transaction/initialize', { method: 'POST', body: JSON.stringify(payload) });
    } catch {
      throw gatewayError();
    }
    const data = answer.body?.data as Record<string, unknown> | undefined;
    const checkoutUrl = str(data?.checkout_url);
    if (answer.status !== 200 || answer.body?.status !== 'success' || !checkoutUrl || !/^https?:\/\//.test(checkoutUrl)) {
      throw gatewayError();
    }
    return { kind: 'checkout', checkoutUrl };
  }

  /**
   * The gateway's word on one tx_ref. A transport fault, a 5xx or an unreadable answer is
   * `unknown` (nothing changes; asked again later); a 4xx ("transaction not found") is `failed`
   * only when the gateway says so in a readable answer.
   */
  async verify(txRef: string): Promise<GatewayVerdict> {
    const unknown: GatewayVerdict = { status: 'unknown', amount: null, currency: null, txRef: null, reference: null };
    let answer: Awaited<ReturnType<ChapaPaymentProvider['call']>>;
    try {
      answer = await this.call(`/v1/transaction/verify/${encodeURIComponent(txRef)}`, { method: 'GET' });
    } catch {
      return unknown;
    }
    if (answer.status >= 500 || !answer.body) return unknown;
    const data = answer.body.data as Record<string, unknown> | null | undefined;
    if (answer.status !== 200 || !data || typeof data !== 'object') return unknown;
    const raw = str(data.status)?.toLowerCase();
    const status: GatewayVerdict['status'] =
      raw === 'success'
        ? 'success'
        : raw === 'pending'
          ? 'pending'
          : raw === 'failed'
            ? 'failed'
            : raw === 'cancelled' || raw === 'canceled'
              ? 'cancelled'
              : 'unknown';
    return { status, amount: num(data.amount), currency: str(data.currency), txRef: str(data.tx_ref), reference: str(data.reference) };
  }

  /** Chapa signs the raw body with the webhook secret (HMAC-SHA256, hex) in either header. */
  checkWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookCheck {
    const secret = this.config.webhookSecret;
    const ok = signatureMatches(rawBody, secret, header(headers, 'x-chapa-signature')) || signatureMatches(rawBody, secret, header(headers, 'chapa-signature'));
    if (!ok) return { valid: false };
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { valid: true, txRef: null };
    }
    const obj = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const data = (obj.data && typeof obj.data === 'object' ? obj.data : {}) as Record<string, unknown>;
    return { valid: true, txRef: str(obj.tx_ref) ?? str(data.tx_ref) };
  }
}
