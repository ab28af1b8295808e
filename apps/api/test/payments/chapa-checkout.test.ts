import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import { ledgerEntries } from '../../src/db/schema/wallet.ts';
import { listPurchases } from '../../src/modules/wallet/purchases.repository.ts';
import { deliverWebhook, startPurchase, verifyPurchase } from '../support/chapa.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { balanceOf, userIdOf } from '../support/wallet.ts';
import { useChapa } from './chapa-setup.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';

/**
 * Real payments through Chapa's hosted checkout, against a local gateway that speaks Chapa's
 * initialize, verify and webhook shapes. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
const { c, t, admin } = useChapa();

async function purchaseRows(user: SignedIn) {
  return listPurchases(t.ctx.db, await userIdOf(t, user));
}

async function grantsOf(purchaseId: string) {
  const rows = await t.ctx.db.select().from(ledgerEntries);
  return rows.filter((r) => r.kind === 'purchase' && r.refId === purchaseId);
}

describe('POST /purchase with Chapa', () => {
  it('stores a pending purchase with our own tx_ref and the server price, and answers the checkout address', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_BUNDLE_10', { returnPath: '/l/abc' });
    expect(p.tx_ref).toMatch(/^bt_[A-Za-z0-9_-]{32}$/);
    expect(p.checkout_url).toBe(`${c.gateway.url}/checkout/payment/${p.tx_ref}`);
    const sent = c.gateway.transactions.get(p.tx_ref)!;
    expect(sent).toMatchObject({
      amount: '250',
      currency: 'ETB',
      returnUrl: `https://betoch.example/wallet/return?tx_ref=${p.tx_ref}`,
      callbackUrl: 'https://betoch.example/api/payments/chapa/callback',
    });
    expect(sent.phone).toBe(`0${tenant.phone.slice(4)}`);
    const [row] = await purchaseRows(tenant);
    expect(row).toMatchObject({ id: p.purchaseId, status: 'pending', priceEtb: 250, provider: 'chapa', txRef: p.tx_ref, returnPath: '/l/abc' });
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 0 });
  });

  it('ignores a price or anything else the client sends, and refuses a return path to another site', async () => {
    const tenant = await signUp(t);
    const res = await t.request({ method: 'POST', url: '/api/purchase', headers: tenant.auth, payload: { sku: 'CREDIT_SINGLE', price_etb: 1, amount: 1 } });
    expect(res.json().status).toBe('pending');
    expect(c.gateway.transactions.get(res.json().tx_ref)!.amount).toBe('30');
    const evil = await t.request({
      method: 'POST',
      url: '/api/purchase',
      headers: tenant.auth,
      payload: { sku: 'CREDIT_SINGLE', return_path: '//evil.example/x' },
    });
    expect(evil.statusCode).toBe(400);
  });

  it('answers the same checkout for a retry with the same Idempotency-Key (one gateway transaction)', async () => {
    const tenant = await signUp(t);
    const a = await startPurchase(t, tenant, 'CREDIT_SINGLE', { key: 'retry-1' });
    const b = await startPurchase(t, tenant, 'CREDIT_SINGLE', { key: 'retry-1' });
    expect(b).toEqual(a);
    expect(await purchaseRows(tenant)).toHaveLength(1);
  });

  it('a gateway 5xx on initialize: a clear 502, no purchase left behind, and the same key works once the gateway is back', async () => {
    const tenant = await signUp(t);
    c.gateway.faults.initialize = '5xx';
    try {
      const res = await t.request({
        method: 'POST',
        url: '/api/purchase',
        headers: { ...tenant.auth, 'idempotency-key': 'k5xx' },
        payload: { sku: 'CREDIT_SINGLE' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ ok: false, error: 'payment_gateway_error', message: expect.stringContaining('Nothing was charged') });
      expect(await purchaseRows(tenant)).toEqual([]);
    } finally {
      c.gateway.faults.initialize = 'none';
    }
    const retry = await startPurchase(t, tenant, 'CREDIT_SINGLE', { key: 'k5xx' });
    expect(retry.checkout_url).toContain(retry.tx_ref);
  });

  it('while the gateway thinks, the rest of the app answers (no transaction waits on the network)', async () => {
    const [buyer, other] = [await signUp(t), await signUp(t)];
    c.gateway.faults.initialize = 'slow';
    c.gateway.slowMs = 700;
    try {
      const purchase = t.request({ method: 'POST', url: '/api/purchase', headers: buyer.auth, payload: { sku: 'CREDIT_SINGLE' } }).then(() => 'purchase');
      await new Promise((r) => setTimeout(r, 100));
      const balance = t.request({ method: 'GET', url: '/api/wallet/balance', headers: other.auth }).then((res) => {
        expect(res.statusCode).toBe(200);
        return 'balance';
      });
      // On PGlite (one connection) a purchase transaction held across the gateway call made every other request wait for it.
      expect(await Promise.race([purchase, balance])).toBe('balance');
      await purchase;
    } finally {
      c.gateway.faults.initialize = 'none';
    }
    expect((await purchaseRows(buyer)).map((p) => [p.status, p.checkoutUrl !== null])).toEqual([['pending', true]]);
  });

  it('a gateway slower than the timeout, or answering garbage: 502 and no purchase left behind', async () => {
    const tenant = await signUp(t);
    for (const fault of ['slow', 'garbage'] as const) {
      c.gateway.faults.initialize = fault;
      c.gateway.slowMs = 1500;
      try {
        const res = await t.request({ method: 'POST', url: '/api/purchase', headers: tenant.auth, payload: { sku: 'CREDIT_SINGLE' } });
        expect(res.statusCode).toBe(502);
      } finally {
        c.gateway.faults.initialize = 'none';
      }
    }
    expect(await purchaseRows(tenant)).toEqual([]);
  });
});

describe('confirmation', () => {
  it('success: the return page verifies with the gateway, grants once, and answers the return path', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_BUNDLE_10', { returnPath: '/l/xyz' });
    const before = await verifyPurchase(t, tenant, p.tx_ref);
    expect(before.json()).toMatchObject({ status: 'pending', credits: 0, result: { credits_granted: 0 } });
    c.gateway.pay(p.tx_ref);
    const after = await verifyPurchase(t, tenant, p.tx_ref);
    expect(after.statusCode).toBe(200);
    expect(after.headers['cache-control']).toBe('no-store');
    expect(after.json()).toMatchObject({ status: 'paid', credits: 10, return_path: '/l/xyz', sku: 'CREDIT_BUNDLE_10', result: { credits_granted: 10 } });
    const again = await verifyPurchase(t, tenant, p.tx_ref);
    expect(again.json()).toMatchObject({ status: 'paid', credits: 10 });
    expect(await grantsOf(p.purchaseId)).toHaveLength(1);
    const [row] = await purchaseRows(tenant);
    expect(row).toMatchObject({ status: 'paid', providerRef: c.gateway.transactions.get(p.tx_ref)!.reference });
    expect(row!.paidAt).toBeInstanceOf(Date);
  });

  it('a plan: the tenant plan starts only when the gateway confirms', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'SUB_TENANT_MONTHLY');
    expect((await balanceOf(t, tenant)).sub_tenant_unlimited_until).toBeNull();
    c.gateway.pay(p.tx_ref);
    const res = await verifyPurchase(t, tenant, p.tx_ref);
    expect(res.json()).toMatchObject({ status: 'paid', result: { tenant_unlimited_active: true } });
    expect((await balanceOf(t, tenant)).sub_tenant_unlimited_until).not.toBeNull();
  });

  it('failed and cancelled payments grant nothing and say so', async () => {
    const tenant = await signUp(t);
    const failed = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    const cancelled = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    c.gateway.fail(failed.tx_ref, 'failed');
    c.gateway.fail(cancelled.tx_ref, 'cancelled');
    expect((await verifyPurchase(t, tenant, failed.tx_ref)).json()).toMatchObject({ status: 'failed', credits: 0 });
    expect((await verifyPurchase(t, tenant, cancelled.tx_ref)).json()).toMatchObject({ status: 'cancelled', credits: 0 });
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 0 });
  });

  it('pending, then success: nothing until the gateway says paid', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    for (let i = 0; i < 3; i++) expect((await verifyPurchase(t, tenant, p.tx_ref)).json().status).toBe('pending');
    c.gateway.pay(p.tx_ref);
    expect((await verifyPurchase(t, tenant, p.tx_ref)).json()).toMatchObject({ status: 'paid', credits: 1 });
  });

  it('the gateway down or slow on verify: the purchase stays pending, nothing granted, asked again later', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    c.gateway.pay(p.tx_ref);
    for (const fault of ['5xx', 'slow', 'garbage'] as const) {
      c.gateway.faults.verify = fault;
      c.gateway.slowMs = 1500;
      try {
        expect((await verifyPurchase(t, tenant, p.tx_ref)).json()).toMatchObject({ status: 'pending', credits: 0 });
      } finally {
        c.gateway.faults.verify = 'none';
      }
    }
    expect((await verifyPurchase(t, tenant, p.tx_ref)).json()).toMatchObject({ status: 'paid', credits: 1 });
  });

  it("another user's tx_ref shows nothing of that purchase: the same 404 as an unknown one", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const p = await startPurchase(t, owner, 'CREDIT_BUNDLE_10');
    c.gateway.pay(p.tx_ref);
    const res = await verifyPurchase(t, other, p.tx_ref);
    const unknown = await verifyPurchase(t, other, `bt_${'x'.repeat(32)}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(p.purchaseId);
    expect(res.body).not.toContain('CREDIT_BUNDLE_10');
    expect(res.json()).toEqual(unknown.json());
    expect(await balanceOf(t, other)).toMatchObject({ credits: 0 });
    // Asking as someone else did not confirm the owner's purchase either.
    expect((await purchaseRows(owner))[0]!.status).toBe('pending');
    expect((await verifyPurchase(t, owner, p.tx_ref)).json()).toMatchObject({ status: 'paid', credits: 10 });
    const anonymous = await t.request({ method: 'POST', url: '/api/purchase/verify', payload: { tx_ref: p.tx_ref } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('mismatch', () => {
  for (const [what, steer] of [
    ['amount', { reportAmount: '25' }],
    ['currency', { reportCurrency: 'USD' }],
    ['reference', { reportTxRef: `bt_${'y'.repeat(32)}` }],
  ] as const) {
    it(`a verify answer with another ${what}: nothing granted, the purchase marked mismatch, an alert raised`, async () => {
      const tenant = await signUp(t);
      const p = await startPurchase(t, tenant, 'CREDIT_BUNDLE_10');
      Object.assign(c.gateway.pay(p.tx_ref), steer);
      const res = await verifyPurchase(t, tenant, p.tx_ref);
      expect(res.json()).toMatchObject({ status: 'mismatch', credits: 0, result: { credits_granted: 0 } });
      const [row] = await purchaseRows(tenant);
      expect(row!.statusReason).toContain(what === 'reference' ? 'tx_ref' : what);
      // Later confirmations leave a mismatch alone (an admin looks at it).
      const hook = c.gateway.webhook(p.tx_ref);
      expect((await deliverWebhook(t, hook.body, { 'x-chapa-signature': hook.signature })).statusCode).toBe(200);
      expect(await balanceOf(t, tenant)).toMatchObject({ credits: 0 });
      const alerts = await t.request({ method: 'GET', url: '/api/admin/metrics/alerts', headers: admin.auth });
      const alert = (alerts.json().data.items as Array<{ rule: string; severity: string; data: { txRefs: string[] } }>).find(
        (a) => a.rule === 'payment_mismatch',
      );
      expect(alert).toMatchObject({ severity: 'alert' });
      expect(alert!.data.txRefs).toContain(p.tx_ref);
    });
  }
});

describe('webhook', () => {
  it('a valid webhook grants; a retried or replayed body grants nothing more, in any order with verify', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_BUNDLE_10');
    c.gateway.pay(p.tx_ref);
    const hook = c.gateway.webhook(p.tx_ref);
    const first = await deliverWebhook(t, hook.body, { 'chapa-signature': hook.signature, 'x-chapa-signature': hook.signature });
    expect(first.statusCode).toBe(200);
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 10 });
    for (let i = 0; i < 3; i++) expect((await deliverWebhook(t, hook.body, { 'x-chapa-signature': hook.signature })).statusCode).toBe(200);
    expect((await verifyPurchase(t, tenant, p.tx_ref)).json()).toMatchObject({ status: 'paid', credits: 10 });
    expect(await grantsOf(p.purchaseId)).toHaveLength(1);
  });

  it('the only-signature header Chapa-Signature is accepted too', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    c.gateway.pay(p.tx_ref);
    const hook = c.gateway.webhook(p.tx_ref);
    expect((await deliverWebhook(t, hook.body, { 'chapa-signature': hook.signature })).statusCode).toBe(200);
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 1 });
  });

  it('a forged or missing signature: 401 and nothing granted', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_BUNDLE_10');
    c.gateway.pay(p.tx_ref);
    const hook = c.gateway.webhook(p.tx_ref);
    const forgedSecret = (await import('node:crypto')).createHmac('sha256', 'not-the-secret').update(hook.body).digest('hex');
    const tampered = hook.body.replace('"amount":"250"', '"amount":"1"');
    for (const [body, headers] of [
      [hook.body, {}],
      [hook.body, { 'x-chapa-signature': forgedSecret }],
      [hook.body, { 'x-chapa-signature': 'abc' }],
      [tampered, { 'x-chapa-signature': hook.signature }],
    ] as Array<[string, Record<string, string>]>) {
      const res = await deliverWebhook(t, body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ ok: false, error: 'invalid_signature' });
    }
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 0 });
    expect((await purchaseRows(tenant))[0]!.status).toBe('pending');
  });

  it('a valid webhook for an unknown tx_ref: 200, nothing granted', async () => {
    const body = JSON.stringify({ event: 'charge.success', tx_ref: `bt_${'z'.repeat(32)}`, status: 'success', amount: '250', currency: 'ETB' });
    const res = await deliverWebhook(t, body, { 'x-chapa-signature': c.gateway.sign(body) });
    expect(res.statusCode).toBe(200);
  });

  it('a valid webhook for a payment the gateway does not call successful grants nothing', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    // The body claims success, but the gateway's verify still says pending: the verify call decides.
    const body = JSON.stringify({ event: 'charge.success', tx_ref: p.tx_ref, status: 'success', amount: '30', currency: 'ETB' });
    expect((await deliverWebhook(t, body, { 'x-chapa-signature': c.gateway.sign(body) })).statusCode).toBe(200);
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 0 });
  });

  it('the callback after checkout triggers the same verify (its query itself is not trusted)', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    const early = await t.request({ method: 'GET', url: `/api/payments/chapa/callback?trx_ref=${p.tx_ref}&status=success` });
    expect(early.statusCode).toBe(200);
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 0 });
    c.gateway.pay(p.tx_ref);
    await t.request({ method: 'GET', url: `/api/payments/chapa/callback?trx_ref=${p.tx_ref}&status=success` });
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 1 });
  });

  it('webhooks, return-page verifies and callbacks all at once: exactly one grant', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_BUNDLE_10');
    c.gateway.pay(p.tx_ref);
    const hook = c.gateway.webhook(p.tx_ref);
    const calls = [];
    for (let i = 0; i < 8; i++) {
      calls.push(deliverWebhook(t, hook.body, { 'x-chapa-signature': hook.signature }));
      calls.push(verifyPurchase(t, tenant, p.tx_ref));
      calls.push(t.request({ method: 'GET', url: `/api/payments/chapa/callback?trx_ref=${p.tx_ref}` }));
    }
    const answers = await Promise.all(calls);
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 10 });
    expect(await grantsOf(p.purchaseId)).toHaveLength(1);
  });
});

describe('exactly once, by the database', () => {
  it('refuses a second ledger row for the same purchase, whatever code tries', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    c.gateway.pay(p.tx_ref);
    await verifyPurchase(t, tenant, p.tx_ref);
    const userId = await userIdOf(t, tenant);
    await expect(
      t.ctx.db
        .insert(ledgerEntries)
        .values({ userId, account: 'credits', delta: 1, balanceAfter: 2, kind: 'purchase', refType: 'purchase', refId: p.purchaseId }),
    ).rejects.toThrow();
    expect(await grantsOf(p.purchaseId)).toHaveLength(1);
  });
});

describe('configuration', () => {
  const production = PRODUCTION_ENV;
  it('production refuses to start with PAYMENT_PROVIDER=chapa and a key or PUBLIC_URL missing', () => {
    const full = {
      ...production,
      PAYMENT_PROVIDER: 'chapa',
      CHAPA_SECRET_KEY: 'CHASECK-12345678',
      CHAPA_WEBHOOK_SECRET: 'whsec-12345678',
      PUBLIC_URL: 'https://betoch.et',
    };
    expect(loadEnv(full)).toMatchObject({ paymentProvider: 'chapa', chapa: { baseUrl: 'https://api.chapa.co' }, publicUrl: 'https://betoch.et' });
    for (const missing of ['CHAPA_SECRET_KEY', 'CHAPA_WEBHOOK_SECRET', 'PUBLIC_URL']) {
      const env: Record<string, string> = { ...full };
      delete env[missing];
      expect(() => loadEnv(env)).toThrow(new RegExp(`${missing}: is required with PAYMENT_PROVIDER=chapa`));
    }
  });

  it('lists the checkout methods as available', async () => {
    const res = await t.request({ method: 'GET', url: '/api/payments/methods' });
    expect(res.json()).toEqual({ ok: true, provider: 'chapa', checkout_available: true, methods: ['telebirr', 'cbe_birr', 'mpesa', 'card'] });
  });

  it('an unknown purchase id for re-verify is 404', async () => {
    const res = await t.request({ method: 'POST', url: `/api/admin/payments/purchases/${randomUUID()}/verify`, headers: admin.auth });
    expect(res.statusCode).toBe(404);
  });
});
