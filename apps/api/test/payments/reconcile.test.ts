import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { adminAudit } from '../../src/db/schema/trust.ts';
import { createPaymentConfirmer } from '../../src/modules/payments/payment-confirmation.ts';
import { createPaymentProvider } from '../../src/modules/payments/create-payment-provider.ts';
import { reconcilePayments, RECONCILE_LOCK_KEY } from '../../src/modules/payments/reconcile.ts';
import { listPurchases } from '../../src/modules/wallet/purchases.repository.ts';
import { startPurchase, verifyPurchase } from '../support/chapa.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { TEST_DATABASE_URL } from '../support/test-app.ts';
import { balanceOf, userIdOf } from '../support/wallet.ts';
import { useChapa } from './chapa-setup.ts';

const MINUTE = 60_000;
const { c, t, admin } = useChapa();

function reconcile() {
  return reconcilePayments(t.ctx, createPaymentConfirmer(t.ctx, createPaymentProvider(t.ctx.env)));
}

async function statusOf(user: SignedIn) {
  return (await listPurchases(t.ctx.db, await userIdOf(t, user))).map((p) => p.status);
}

describe('reconciliation', () => {
  it('grants a payment nobody confirmed (the server died between the gateway and the grant), once it is 10 minutes old', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_BUNDLE_10');
    // The gateway took the money; no webhook, no return page: the process was killed before.
    c.gateway.pay(p.tx_ref);
    const early = await reconcile();
    expect(early.ran).toBe(true);
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 0 });
    t.clock.advance(11 * MINUTE);
    const report = await reconcile();
    expect(report).toMatchObject({ ran: true });
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 10 });
    expect(await statusOf(tenant)).toEqual(['paid']);
    // Running again (by hand, or in another process later) grants nothing more.
    await reconcile();
    expect((await verifyPurchase(t, tenant, p.tx_ref)).json()).toMatchObject({ status: 'paid', credits: 10 });
  });

  it('marks failed what the gateway calls failed, and expires what is still pending after 24 hours', async () => {
    const tenant = await signUp(t);
    const failing = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    await startPurchase(t, tenant, 'CREDIT_SINGLE');
    c.gateway.fail(failing.tx_ref);
    t.clock.advance(11 * MINUTE);
    await reconcile();
    expect((await statusOf(tenant)).sort()).toEqual(['failed', 'pending']);
    t.clock.advance(24 * 60 * MINUTE);
    await reconcile();
    expect((await statusOf(tenant)).sort()).toEqual(['expired', 'failed']);
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 0 });
  });

  it('an expired purchase the gateway later reports paid is granted on re-verify by an admin (the money was taken)', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    t.clock.advance(25 * 60 * MINUTE);
    await reconcile();
    expect(await statusOf(tenant)).toEqual(['expired']);
    c.gateway.pay(p.tx_ref);
    const res = await t.request({ method: 'POST', url: `/api/admin/payments/purchases/${p.purchaseId}/verify`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.purchase).toMatchObject({ status: 'paid', tx_ref: p.tx_ref, phone: tenant.phone });
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 1 });
    const audit = await t.ctx.db.select().from(adminAudit).where(eq(adminAudit.targetId, p.purchaseId));
    expect(audit).toEqual([
      expect.objectContaining({
        adminId: await userIdOf(t, admin),
        action: 'reverify_purchase',
        targetType: 'purchase',
        before: { status: 'expired' },
        after: expect.objectContaining({ status: 'paid' }),
      }),
    ]);
    const twice = await t.request({ method: 'POST', url: `/api/admin/payments/purchases/${p.purchaseId}/verify`, headers: admin.auth });
    expect(twice.statusCode).toBe(400);
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 1 });
  });

  it('two runs at once in one process: one does the work, the other answers ran: false', async () => {
    const tenant = await signUp(t);
    const p = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    c.gateway.pay(p.tx_ref);
    t.clock.advance(11 * MINUTE);
    const [a, b] = await Promise.all([reconcile(), reconcile()]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 1 });
  });

  if (TEST_DATABASE_URL) {
    it('PostgreSQL: while another process holds the advisory lock, a run does nothing', async () => {
      const tenant = await signUp(t);
      const p = await startPurchase(t, tenant, 'CREDIT_SINGLE');
      c.gateway.pay(p.tx_ref);
      t.clock.advance(11 * MINUTE);
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        await other.query('SELECT pg_advisory_lock($1)', [RECONCILE_LOCK_KEY]);
        expect(await reconcile()).toMatchObject({ ran: false, checked: 0 });
        expect(await balanceOf(t, tenant)).toMatchObject({ credits: 0 });
        await other.query('SELECT pg_advisory_unlock($1)', [RECONCILE_LOCK_KEY]);
        expect(await reconcile()).toMatchObject({ ran: true });
        expect(await balanceOf(t, tenant)).toMatchObject({ credits: 1 });
      } finally {
        await other.end();
      }
    });
  }
});

describe('admin purchases list', () => {
  it('lists purchases with phone, sku, amount, tx_ref, provider reference, status and times; filters; CSV', async () => {
    const tenant = await signUp(t);
    const paid = await startPurchase(t, tenant, 'CREDIT_BUNDLE_10');
    const pending = await startPurchase(t, tenant, 'CREDIT_SINGLE');
    c.gateway.pay(paid.tx_ref);
    await verifyPurchase(t, tenant, paid.tx_ref);

    const all = await t.request({ method: 'GET', url: '/api/admin/payments/purchases?provider=chapa', headers: admin.auth });
    expect(all.statusCode).toBe(200);
    const items = all.json().data.items as Array<Record<string, unknown>>;
    const row = items.find((i) => i.tx_ref === paid.tx_ref);
    expect(row).toMatchObject({
      phone: tenant.phone,
      sku: 'CREDIT_BUNDLE_10',
      price_etb: 250,
      provider: 'chapa',
      provider_ref: c.gateway.transactions.get(paid.tx_ref)!.reference,
      status: 'paid',
      paid_at: expect.any(String),
      created_at: expect.any(String),
    });
    const onlyPending = await t.request({ method: 'GET', url: '/api/admin/payments/purchases?status=pending', headers: admin.auth });
    const pendingRefs = (onlyPending.json().data.items as Array<{ tx_ref: string; status: string }>).map((i) => i.tx_ref);
    expect(pendingRefs).toContain(pending.tx_ref);
    expect(pendingRefs).not.toContain(paid.tx_ref);
    const future = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const none = await t.request({ method: 'GET', url: `/api/admin/payments/purchases?from=${encodeURIComponent(future)}`, headers: admin.auth });
    expect(none.json().data.items).toEqual([]);

    const csv = await t.request({ method: 'GET', url: '/api/admin/payments/purchases.csv?provider=chapa', headers: admin.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('created_at,phone,sku,price_etb,provider,tx_ref,provider_ref,status,status_reason,paid_at,updated_at');
    expect(lines.some((l) => l.includes(paid.tx_ref) && l.includes(',250,chapa,') && l.includes(',paid,'))).toBe(true);
  });

  it('is for admins only', async () => {
    const tenant = await signUp(t);
    for (const url of ['/api/admin/payments/purchases', '/api/admin/payments/purchases.csv']) {
      expect((await t.request({ method: 'GET', url, headers: tenant.auth })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
