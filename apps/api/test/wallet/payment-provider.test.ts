import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import { listPurchases } from '../../src/modules/wallet/purchases.repository.ts';
import { createTestApp } from '../support/test-app.ts';
import { signUp } from '../support/login.ts';
import { balanceOf, userIdOf } from '../support/wallet.ts';
import { closeAfterLedgerCheck } from './close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';

const t = useTestApp(() => createTestApp({ PAYMENT_PROVIDER: 'none' }), closeAfterLedgerCheck);

describe('payment provider', () => {
  it('answers 503 payment_unavailable and grants nothing when no gateway is configured', async () => {
    const tenant = await signUp(t);
    for (const sku of ['CREDIT_SINGLE', 'CREDIT_BUNDLE_10', 'SUB_TENANT_MONTHLY']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/purchase',
        headers: { ...tenant.auth, 'idempotency-key': `k-${sku}` },
        payload: { sku },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, error: 'payment_unavailable' });
    }
    expect(await balanceOf(t, tenant)).toMatchObject({ credits: 0, sub_tenant_unlimited_until: null });
    expect(await listPurchases(t.ctx.db, await userIdOf(t, tenant))).toEqual([]);
  });

  it('still answers wrong_role first for a sku the user may not buy', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    const res = await t.request({ method: 'POST', url: '/api/purchase', headers: broker.auth, payload: { sku: 'CREDIT_SINGLE' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('wrong_role');
  });

  it('defaults to simulated in demo mode and to none in production', () => {
    expect(loadEnv({ APP_MODE: 'demo' }).paymentProvider).toBe('simulated');
    const production = PRODUCTION_ENV;
    expect(loadEnv(production).paymentProvider).toBe('none');
    expect(loadEnv({ ...production, PAYMENT_PROVIDER: 'simulated' }).paymentProvider).toBe('simulated');
  });
});
