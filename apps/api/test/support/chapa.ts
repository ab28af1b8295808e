import { startLocalChapaGateway, type LocalChapaGateway } from '../../scripts/local-chapa-gateway.ts';
import type { SignedIn } from './login.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const CHAPA_KEYS = { secretKey: 'CHASECK_TEST-betoch-tests', webhookSecret: 'betoch-webhook-secret-for-tests' };

export interface ChapaTestApp {
  t: TestApp;
  gateway: LocalChapaGateway;
  close(): Promise<void>;
}

/** The API with PAYMENT_PROVIDER=chapa, talking to a local gateway started for the test file. */
export async function createChapaTestApp(env: Record<string, string> = {}): Promise<ChapaTestApp> {
  const gateway = await startLocalChapaGateway(CHAPA_KEYS);
  const t = await createTestApp({
    PAYMENT_PROVIDER: 'chapa',
    CHAPA_SECRET_KEY: CHAPA_KEYS.secretKey,
    CHAPA_WEBHOOK_SECRET: CHAPA_KEYS.webhookSecret,
    CHAPA_BASE_URL: gateway.url,
    CHAPA_TIMEOUT_MS: '1000',
    PUBLIC_URL: 'https://betoch.example',
    ...env,
  });
  return {
    t,
    gateway,
    close: async () => {
      await t.close();
      await gateway.close();
    },
  };
}

export interface PendingPurchase {
  purchaseId: string;
  tx_ref: string;
  checkout_url: string;
}

/** POST /purchase through the checkout: the pending answer (throws on anything else). */
export async function startPurchase(t: TestApp, user: SignedIn, sku: string, extra: { key?: string; returnPath?: string } = {}): Promise<PendingPurchase> {
  const res = await t.request({
    method: 'POST',
    url: '/api/purchase',
    headers: { ...user.auth, ...(extra.key ? { 'idempotency-key': extra.key } : {}) },
    payload: { sku, ...(extra.returnPath ? { return_path: extra.returnPath } : {}) },
  });
  if (res.statusCode !== 200 || res.json().status !== 'pending') throw new Error(`purchase did not wait for checkout: ${res.statusCode} ${res.body}`);
  return res.json() as PendingPurchase;
}

/** The return page's call. */
export function verifyPurchase(t: TestApp, user: SignedIn, txRef: string) {
  return t.request({ method: 'POST', url: '/api/purchase/verify', headers: user.auth, payload: { tx_ref: txRef } });
}

/** Delivers a webhook body as Chapa does (both signature headers unless told otherwise). */
export function deliverWebhook(t: TestApp, body: string, headers: Record<string, string>) {
  return t.request({ method: 'POST', url: '/api/payments/chapa/webhook', headers: { 'content-type': 'application/json', ...headers }, payload: body });
}
