import { afterEach, describe, expect, it, vi } from 'vitest';
import { purchaseSku } from './purchase-sku';

const answer = {
  ok: true,
  purchase_id: 'p1',
  sku: 'CREDIT_BUNDLE_10',
  price_etb: 250,
  result: { credits_granted: 10, tenant_unlimited_active: false, post_credits_granted: 0, delala_unlimited_active: false },
  credits: 10,
  post_credits: 0,
  sub_tenant_unlimited_until: null,
  sub_delala_unlimited_until: null,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Records the Idempotency-Key of each call and answers from the list, one per call. */
function stubFetch(replies: Array<() => Response>) {
  const keys: string[] = [];
  const bodies: unknown[] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    keys.push((init.headers as Record<string, string>)['idempotency-key']!);
    bodies.push(JSON.parse(String(init.body)));
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected call');
    return reply();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { keys, bodies, fetchMock };
}

const noWait = () => Promise.resolve();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('POST /purchase for one click', () => {
  it('a server shutting down (503 shutting_down) is retried with the same key and the return path, and the pending checkout answered', async () => {
    const pending = {
      ok: true,
      status: 'pending',
      purchaseId: 'p9',
      tx_ref: `bt_${'a'.repeat(32)}`,
      checkout_url: 'https://checkout.chapa.co/checkout/payment/x',
    };
    const calls = stubFetch([() => json(503, { ok: false, error: 'shutting_down', message: 'The server is restarting.' }), () => json(200, pending)]);
    await expect(purchaseSku({ sku: 'CREDIT_SINGLE', returnPath: '/chat/c1' }, noWait)).resolves.toEqual(pending);
    expect(calls.keys).toHaveLength(2);
    expect(calls.keys[1]).toBe(calls.keys[0]);
    expect(calls.bodies).toEqual([
      { sku: 'CREDIT_SINGLE', return_path: '/chat/c1' },
      { sku: 'CREDIT_SINGLE', return_path: '/chat/c1' },
    ]);
  });

  it('a return path the server would refuse (another site) is not sent', async () => {
    const calls = stubFetch([() => json(200, answer)]);
    await purchaseSku({ sku: 'CREDIT_SINGLE', returnPath: '//evil.example' }, noWait);
    expect(calls.bodies).toEqual([{ sku: 'CREDIT_SINGLE' }]);
  });

  it('503 payment_unavailable is not retried', async () => {
    const calls = stubFetch([() => json(503, { ok: false, error: 'payment_unavailable', message: 'Payments are unavailable.' })]);
    await expect(purchaseSku('CREDIT_SINGLE', noWait)).rejects.toMatchObject({ status: 503 });
    expect(calls.keys).toHaveLength(1);
  });

  it('a lost connection is retried with the same Idempotency-Key, so the purchase is never made twice', async () => {
    const calls = stubFetch([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json(502, { ok: false, error: 'internal_error', message: 'The server says why.' }),
      () => json(200, answer),
    ]);
    await expect(purchaseSku('CREDIT_BUNDLE_10', noWait)).resolves.toMatchObject({ credits: 10 });
    expect(calls.keys).toHaveLength(3);
    expect(new Set(calls.keys).size).toBe(1);
    expect(calls.keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(calls.bodies).toEqual(Array(3).fill({ sku: 'CREDIT_BUNDLE_10' }));
  });

  it('each click has its own key', async () => {
    const calls = stubFetch([() => json(200, answer), () => json(200, answer)]);
    await purchaseSku('CREDIT_BUNDLE_10', noWait);
    await purchaseSku('CREDIT_BUNDLE_10', noWait);
    expect(calls.keys[0]).not.toBe(calls.keys[1]);
  });

  it('gives up after two retries and shows the failure', async () => {
    const calls = stubFetch(Array(3).fill(() => json(500, { ok: false, error: 'internal_error', message: 'Boom' })));
    await expect(purchaseSku('CREDIT_SINGLE', noWait)).rejects.toMatchObject({ status: 500, message: 'Boom' });
    expect(calls.fetchMock).toHaveBeenCalledTimes(3);
  });

  it('refusals are not retried: wrong role, payments unavailable', async () => {
    for (const [status, error] of [
      [403, 'wrong_role'],
      [503, 'payment_unavailable'],
    ] as const) {
      const calls = stubFetch([() => json(status, { ok: false, error, message: `${error} text` })]);
      await expect(purchaseSku('post_credit_1', noWait)).rejects.toMatchObject({ status, code: error });
      expect(calls.fetchMock).toHaveBeenCalledTimes(1);
    }
  });
});
