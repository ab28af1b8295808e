import type { Sku } from '@betoch/contracts/constants';
import { walletCalls } from '@betoch/contracts/routes/wallet';
import { ZPurchaseRequest, type TPurchaseAnswer } from '@betoch/contracts/wallet';
import { ApiError, callApi } from '@/lib/api-client';
import { randomId } from '@/lib/random-id';

/** Waits before the retries of one click: the connection may come back meanwhile. */
const RETRY_DELAYS_MS = [600, 1800];

/**
 * A failure worth asking again with the same key: no answer at all (offline, timeout, a dropped
 * connection: the first call may have been granted), a server shutting down (503 shutting_down:
 * another process answers the retry) or another server hiccup. Not 503 payment_unavailable, nor
 * any 4xx.
 */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0) return true;
  if (error.status === 503 && error.code === 'shutting_down') return true;
  return error.status >= 500 && error.code !== 'payment_unavailable';
}

export interface PurchaseInput {
  sku: Sku;
  /** Where to continue after a hosted checkout; sent only when it is a plain path of this site. */
  returnPath?: string | null;
}

function bodyOf(input: PurchaseInput) {
  const returnPath = input.returnPath ?? undefined;
  const body = { sku: input.sku, return_path: returnPath };
  return ZPurchaseRequest.safeParse(body).success ? body : { sku: input.sku };
}

/**
 * POST /purchase {sku} for one click: one fresh Idempotency-Key per click, reused by the retries
 * of that click, so a retried request answers the first answer and is never charged twice.
 */
export async function purchaseSku(input: PurchaseInput | Sku, wait: (ms: number) => Promise<void> = sleep): Promise<TPurchaseAnswer> {
  const key = randomId();
  const body = bodyOf(typeof input === 'string' ? { sku: input } : input);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await callApi(walletCalls.purchase, { body }, { headers: { 'idempotency-key': key } });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isRetryable(error)) throw error;
      await wait(delay);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
