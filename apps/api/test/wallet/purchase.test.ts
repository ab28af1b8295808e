import { describe, expect, it } from 'vitest';
import { bundleSavingPercent, SKU_CATALOG, SKUS } from '@betoch/contracts/constants';
import { listPurchases } from '../../src/modules/wallet/purchases.repository.ts';
import { createTestApp } from '../support/test-app.ts';
import { logIn, signUp } from '../support/login.ts';
import { balanceOf, buy, expectLedgerConsistent, userIdOf } from '../support/wallet.ts';
import { closeAfterLedgerCheck } from './close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp, closeAfterLedgerCheck);

const DAY = 24 * 3600 * 1000;

describe('GET /wallet/balance', () => {
  it('answers zero balances and no plans for a new user', async () => {
    const tenant = await signUp(t);
    const res = await t.request({ method: 'GET', url: '/api/wallet/balance', headers: tenant.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      ok: true,
      credits: 0,
      post_credits: 0,
      sub_tenant_unlimited_until: null,
      sub_delala_unlimited_until: null,
    });
  });

  it('asks an anonymous caller to log in', async () => {
    const res = await t.request({ method: 'GET', url: '/api/wallet/balance' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('unauthorized');
  });
});

describe('POST /purchase', () => {
  it('sells a tenant one credit, then the 10-credit bundle, and records both purchases', async () => {
    const tenant = await signUp(t);
    const single = await buy(t, tenant, 'CREDIT_SINGLE');
    expect(single).toMatchObject({
      ok: true,
      sku: 'CREDIT_SINGLE',
      price_etb: 30,
      result: { credits_granted: 1, tenant_unlimited_active: false, post_credits_granted: 0, delala_unlimited_active: false },
      credits: 1,
      post_credits: 0,
    });
    expect(single.until).toBeUndefined();
    const bundle = await buy(t, tenant, 'CREDIT_BUNDLE_10');
    expect(bundle.result.credits_granted).toBe(10);
    expect(bundle.credits).toBe(11);
    expect(bundle.price_etb).toBe(250);

    expect((await balanceOf(t, tenant)).credits).toBe(11);
    const me = await t.request({ method: 'GET', url: '/api/auth/me', headers: tenant.auth });
    expect(me.json().wallet_credits).toBe(11);

    const rows = await listPurchases(t.ctx.db, await userIdOf(t, tenant));
    expect(rows.map((r) => ({ sku: r.sku, price: r.priceEtb, provider: r.provider, status: r.status }))).toEqual([
      { sku: 'CREDIT_SINGLE', price: 30, provider: 'simulated', status: 'paid' },
      { sku: 'CREDIT_BUNDLE_10', price: 250, provider: 'simulated', status: 'paid' },
    ]);
    expect(rows.map((r) => r.id).sort()).toEqual([single.purchase_id, bundle.purchase_id].sort());
  });

  it('sells a landlord tenant credits', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    expect((await buy(t, landlord, 'CREDIT_SINGLE')).credits).toBe(1);
  });

  it('sells a broker a post credit and the unlimited posting plan', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    const post = await buy(t, broker, 'post_credit_1');
    expect(post).toMatchObject({
      price_etb: 50,
      result: { credits_granted: 0, tenant_unlimited_active: false, post_credits_granted: 1, delala_unlimited_active: false },
      post_credits: 1,
      credits: 0,
    });
    const before = t.clock.now().getTime();
    const plan = await buy(t, broker, 'post_subscription_delala_unlimited');
    expect(plan.price_etb).toBe(199);
    expect(plan.result).toEqual({ credits_granted: 0, tenant_unlimited_active: false, post_credits_granted: 0, delala_unlimited_active: true });
    const until = new Date(plan.until!).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(until).toBeLessThanOrEqual(t.clock.now().getTime() + 30 * DAY);
    expect(plan.sub_delala_unlimited_until).toBe(plan.until);
    const balance = await balanceOf(t, broker);
    expect(balance).toMatchObject({ post_credits: 1, sub_delala_unlimited_until: plan.until, sub_tenant_unlimited_until: null });
  });

  it('refuses broker skus to tenants and landlords, and tenant skus to brokers, granting nothing', async () => {
    const tenant = await signUp(t);
    const landlord = await signUp(t, { userType: 'landlord' });
    const broker = await signUp(t, { userType: 'delala' });
    const cases = [
      { who: tenant, sku: 'post_credit_1' },
      { who: tenant, sku: 'post_subscription_delala_unlimited' },
      { who: landlord, sku: 'post_credit_1' },
      { who: broker, sku: 'CREDIT_SINGLE' },
      { who: broker, sku: 'CREDIT_BUNDLE_10' },
      { who: broker, sku: 'SUB_TENANT_MONTHLY' },
    ];
    for (const c of cases) {
      const res = await t.request({ method: 'POST', url: '/api/purchase', headers: c.who.auth, payload: { sku: c.sku } });
      expect(res.statusCode, `${c.who.user.userType} ${c.sku}`).toBe(403);
      expect(res.json().error).toBe('wrong_role');
    }
    for (const who of [tenant, landlord, broker]) {
      expect(await balanceOf(t, who)).toEqual({
        ok: true,
        credits: 0,
        post_credits: 0,
        sub_tenant_unlimited_until: null,
        sub_delala_unlimited_until: null,
      });
      expect(await listPurchases(t.ctx.db, await userIdOf(t, who))).toEqual([]);
    }
  });

  it('rejects an unknown sku and a client-sent price or amount changes nothing', async () => {
    const tenant = await signUp(t);
    const bad = await t.request({ method: 'POST', url: '/api/purchase', headers: tenant.auth, payload: { sku: 'CREDIT_BUNDLE_1000' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_error');
    const sneaky = await t.request({
      method: 'POST',
      url: '/api/purchase',
      headers: tenant.auth,
      payload: { sku: 'CREDIT_SINGLE', price_etb: 0, amount: 500, credits: 999 },
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toMatchObject({ price_etb: SKU_CATALOG.CREDIT_SINGLE.priceEtb, credits: 1 });
  });

  it('grants every one of 20 parallel purchases without a lost update', async () => {
    const tenant = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.request({ method: 'POST', url: '/api/purchase', headers: tenant.auth, payload: { sku: 'CREDIT_SINGLE' } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.json().credits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await balanceOf(t, tenant)).credits).toBe(20);
    await expectLedgerConsistent(t);
  });
});

describe('monthly plans', () => {
  it('extend from the later of now and the current end date by 30 days', async () => {
    const tenant = await signUp(t);
    const before = t.clock.now().getTime();
    const first = await buy(t, tenant, 'SUB_TENANT_MONTHLY');
    expect(first.result).toEqual({ credits_granted: 0, tenant_unlimited_active: true, post_credits_granted: 0, delala_unlimited_active: false });
    expect(first.price_etb).toBe(500);
    const firstUntil = new Date(first.until!).getTime();
    expect(firstUntil).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(firstUntil).toBeLessThanOrEqual(t.clock.now().getTime() + 30 * DAY);

    // Ten days in, the plan still runs: the new month starts where the current one ends.
    t.clock.advance(10 * DAY);
    const second = await buy(t, tenant, 'SUB_TENANT_MONTHLY');
    expect(new Date(second.until!).getTime()).toBe(firstUntil + 30 * DAY);
    expect((await balanceOf(t, tenant)).sub_tenant_unlimited_until).toBe(second.until);

    // After it ran out, a new month starts now (the session ran out too: sign in again).
    t.clock.advance(100 * DAY);
    const lapsedAt = t.clock.now().getTime();
    const third = await buy(t, await logIn(t, tenant.phone), 'SUB_TENANT_MONTHLY');
    const thirdUntil = new Date(third.until!).getTime();
    expect(thirdUntil).toBeGreaterThanOrEqual(lapsedAt + 30 * DAY);
    expect(thirdUntil).toBeLessThanOrEqual(t.clock.now().getTime() + 30 * DAY);
    expect(third.credits).toBe(0);
  });

  it('a credit purchase while a plan runs does not report the plan as granted', async () => {
    const tenant = await signUp(t);
    await buy(t, tenant, 'SUB_TENANT_MONTHLY');
    const credit = await buy(t, tenant, 'CREDIT_SINGLE');
    expect(credit.result).toEqual({ credits_granted: 1, tenant_unlimited_active: false, post_credits_granted: 0, delala_unlimited_active: false });
    expect(credit.sub_tenant_unlimited_until).not.toBeNull();
  });
});

describe('the sku table and the database', () => {
  it('the CHECK on purchases.sku allows exactly the skus of the table (a new sku needs its migration)', async () => {
    const rows = await t.database.sql.query<{ def: string }>(
      `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
        WHERE c.conrelid = 'purchases'::regclass AND c.contype = 'c' AND pg_get_constraintdef(c.oid) LIKE '%sku%'`,
    );
    expect(rows).toHaveLength(1);
    const allowed = [...rows[0]!.def.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
    expect(allowed).toEqual([...SKUS].sort());
  });

  it("the bundle's saving is computed from the prices: 10 credits for 250 ETB save 17% on 30 ETB each", () => {
    expect(bundleSavingPercent('CREDIT_BUNDLE_10')).toBe(17);
    expect(SKUS.filter((sku) => bundleSavingPercent(sku) !== null)).toEqual(['CREDIT_BUNDLE_10']);
  });
});
