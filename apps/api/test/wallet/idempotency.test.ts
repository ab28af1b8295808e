import { describe, expect, it } from 'vitest';
import { listPurchases } from '../../src/modules/wallet/purchases.repository.ts';
import { createTestApp } from '../support/test-app.ts';
import { signUp } from '../support/login.ts';
import { balanceOf, buy, expectLedgerConsistent, userIdOf } from '../support/wallet.ts';
import { closeAfterLedgerCheck } from './close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp, closeAfterLedgerCheck);

function purchase(user: { auth: { authorization: string } }, sku: string, key?: string) {
  return t.request({
    method: 'POST',
    url: '/api/purchase',
    headers: { ...user.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { sku },
  });
}

describe('Idempotency-Key on POST /purchase', () => {
  it('answers a retry with the first answer and grants once', async () => {
    const tenant = await signUp(t);
    const first = await buy(t, tenant, 'CREDIT_BUNDLE_10', 'key-retry-1');
    const retry = await buy(t, tenant, 'CREDIT_BUNDLE_10', 'key-retry-1');
    expect(retry).toEqual(first);
    expect((await balanceOf(t, tenant)).credits).toBe(10);
    expect(await listPurchases(t.ctx.db, await userIdOf(t, tenant))).toHaveLength(1);

    // A new key is a new purchase.
    const next = await buy(t, tenant, 'CREDIT_BUNDLE_10', 'key-retry-2');
    expect(next.purchase_id).not.toBe(first.purchase_id);
    expect(next.credits).toBe(20);
  });

  it('gives one grant when 20 calls with the same key arrive in parallel, and all get the same answer', async () => {
    const tenant = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => purchase(tenant, 'CREDIT_BUNDLE_10', 'parallel-key')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.json().purchase_id));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.json().credits === 10)).toBe(true);
    expect((await balanceOf(t, tenant)).credits).toBe(10);
    expect(await listPurchases(t.ctx.db, await userIdOf(t, tenant))).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('extends a plan once for 20 parallel calls with one key', async () => {
    const tenant = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => purchase(tenant, 'SUB_TENANT_MONTHLY', 'plan-key')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().until)).size).toBe(1);
    expect((await balanceOf(t, tenant)).sub_tenant_unlimited_until).toBe(answers[0]!.json().until);
  });

  it('refuses the same key for another sku with 409 idempotency_conflict', async () => {
    const tenant = await signUp(t);
    await buy(t, tenant, 'CREDIT_SINGLE', 'key-conflict');
    const other = await purchase(tenant, 'CREDIT_BUNDLE_10', 'key-conflict');
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('idempotency_conflict');
    expect((await balanceOf(t, tenant)).credits).toBe(1);
  });

  it('keeps keys per user: the same key of two users is two purchases', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const fromA = await buy(t, a, 'CREDIT_SINGLE', 'shared-key');
    const fromB = await buy(t, b, 'CREDIT_SINGLE', 'shared-key');
    expect(fromB.purchase_id).not.toBe(fromA.purchase_id);
    expect((await balanceOf(t, a)).credits).toBe(1);
    expect((await balanceOf(t, b)).credits).toBe(1);
  });

  it('rejects a malformed key', async () => {
    const tenant = await signUp(t);
    const tooLong = await purchase(tenant, 'CREDIT_SINGLE', 'k'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('validation_error');
    const spaces = await purchase(tenant, 'CREDIT_SINGLE', 'has space');
    expect(spaces.statusCode).toBe(400);
    expect((await balanceOf(t, tenant)).credits).toBe(0);
  });

  it('does not store a key when the purchase is refused', async () => {
    const tenant = await signUp(t);
    const refused = await purchase(tenant, 'post_credit_1', 'refused-key');
    expect(refused.statusCode).toBe(403);
    const later = await buy(t, tenant, 'CREDIT_SINGLE', 'refused-key');
    expect(later.credits).toBe(1);
  });
});
