import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../src/modules/wallet/wallet.repository.ts';
import { createTestApp } from '../support/test-app.ts';
import { signUp } from '../support/login.ts';
import { buy, grantByLedger, userIdOf } from '../support/wallet.ts';
import { closeAfterLedgerCheck } from './close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp, closeAfterLedgerCheck);

describe('ledger invariants', () => {
  it('hold after purchases, plans and ledger grants of several users', async () => {
    const tenant = await signUp(t);
    const broker = await signUp(t, { userType: 'delala' });
    await buy(t, tenant, 'CREDIT_BUNDLE_10');
    await buy(t, tenant, 'SUB_TENANT_MONTHLY');
    await buy(t, broker, 'post_credit_1');
    await buy(t, broker, 'post_subscription_delala_unlimited');
    await grantByLedger(t, broker, 'credits', 3);
    await grantByLedger(t, tenant, 'credits', -4);
    await grantByLedger(t, broker, 'delala_unlimited_days', -5);
    expect(await findLedgerMismatches(t.ctx.db)).toEqual([]);
  });

  it('refuses a change that would take a balance below zero', async () => {
    const tenant = await signUp(t);
    await buy(t, tenant, 'CREDIT_SINGLE');
    await expect(grantByLedger(t, tenant, 'credits', -2)).rejects.toMatchObject({ code: 'insufficient_credits' });
    expect(await findLedgerMismatches(t.ctx.db)).toEqual([]);
  });

  it('finds a balance written around the ledger, and a plan date that no ledger row set', async () => {
    const tenant = await signUp(t);
    const userId = await userIdOf(t, tenant);
    await buy(t, tenant, 'CREDIT_SINGLE');
    await t.ctx.db.execute(sql`UPDATE wallet_accounts SET credits = credits + 5 WHERE user_id = ${userId}`);
    await t.ctx.db.execute(sql`UPDATE wallet_accounts SET tenant_unlimited_until = now() + interval '1 year' WHERE user_id = ${userId}`);
    const found = await findLedgerMismatches(t.ctx.db);
    expect(found).toEqual([
      { userId, problem: 'balance_differs', detail: 'credits: wallet 6, ledger sum 1' },
      expect.objectContaining({ userId, problem: 'plan_differs' }),
    ]);
    await t.ctx.db.execute(sql`UPDATE wallet_accounts SET credits = credits - 5, tenant_unlimited_until = NULL WHERE user_id = ${userId}`);
    expect(await findLedgerMismatches(t.ctx.db)).toEqual([]);
  });

  it('keeps the ledger append-only and balances non-negative in the database itself', async () => {
    const tenant = await signUp(t);
    const userId = await userIdOf(t, tenant);
    await buy(t, tenant, 'CREDIT_SINGLE');
    await expect(t.ctx.db.execute(sql`UPDATE ledger_entries SET delta = 100 WHERE user_id = ${userId}`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`UPDATE wallet_accounts SET credits = -1 WHERE user_id = ${userId}`)).rejects.toThrow();
    expect(await findLedgerMismatches(t.ctx.db)).toEqual([]);
  });
});
