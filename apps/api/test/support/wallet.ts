import { expect } from 'vitest';
import type { Sku } from '@betoch/contracts/constants';
import type { TPurchaseGrantedAnswer, TWalletBalance } from '@betoch/contracts/wallet';
import { findUserByPhone } from '../../src/modules/users/user-rows.ts';
import { changeBalance, extendPlan, lockAccount } from '../../src/modules/wallet/ledger.ts';
import { findLedgerMismatches } from '../../src/modules/wallet/wallet.repository.ts';
import type { SignedIn } from './login.ts';
import type { TestApp } from './test-app.ts';

/** Buys a sku through POST /purchase (simulated provider) and answers the purchase answer. */
export async function buy(t: TestApp, user: SignedIn, sku: Sku, idempotencyKey?: string): Promise<TPurchaseGrantedAnswer> {
  const res = await t.request({
    method: 'POST',
    url: '/api/purchase',
    headers: { ...user.auth, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: { sku },
  });
  if (res.statusCode !== 200) throw new Error(`purchase ${sku} failed: ${res.statusCode} ${res.body}`);
  return res.json() as TPurchaseGrantedAnswer;
}

/**
 * Gives a tenant or landlord n contact credits by buying them (10-credit bundles, then singles),
 * exactly as a user would. For other roles, or without the purchase call, use grantByLedger.
 */
export async function grantCredits(t: TestApp, user: SignedIn, n: number): Promise<number> {
  let credits = 0;
  for (let i = 0; i < Math.floor(n / 10); i++) credits = (await buy(t, user, 'CREDIT_BUNDLE_10')).credits;
  for (let i = 0; i < n % 10; i++) credits = (await buy(t, user, 'CREDIT_SINGLE')).credits;
  return credits;
}

/** Gives a broker n post credits by buying post_credit_1 n times. */
export async function grantPostCredits(t: TestApp, user: SignedIn, n: number): Promise<number> {
  let postCredits = 0;
  for (let i = 0; i < n; i++) postCredits = (await buy(t, user, 'post_credit_1')).post_credits;
  return postCredits;
}

/** Starts (or extends by 30 days) the user's unlimited plan by buying it: tenant plan or broker plan by role. */
export async function activatePlan(t: TestApp, user: SignedIn): Promise<string> {
  const sku: Sku = user.user.userType === 'delala' ? 'post_subscription_delala_unlimited' : 'SUB_TENANT_MONTHLY';
  const answer = await buy(t, user, sku);
  if (!answer.until) throw new Error('plan purchase answered no until');
  return answer.until;
}

/** The user's id (the API answers phones, not ids). */
export async function userIdOf(t: TestApp, user: SignedIn): Promise<string> {
  const row = await findUserByPhone(t.ctx.db, user.phone);
  if (!row) throw new Error(`no user with phone ${user.phone}`);
  return row.id;
}

/**
 * Moves a balance or a plan straight through the ledger (as an approved manual adjustment would),
 * for any role: credits and post credits by `amount`, plans by `amount` days.
 */
export async function grantByLedger(
  t: TestApp,
  user: SignedIn,
  account: 'credits' | 'post_credits' | 'tenant_unlimited_days' | 'delala_unlimited_days',
  amount: number,
): Promise<void> {
  const userId = await userIdOf(t, user);
  await t.ctx.db.transaction(async (tx) => {
    const locked = await lockAccount(tx, userId);
    const ref = { kind: 'test_grant' };
    if (account === 'credits' || account === 'post_credits') await changeBalance(tx, locked, account, amount, ref);
    else await extendPlan(tx, locked, account, amount, t.clock.now(), ref);
  });
}

/** GET /wallet/balance for the user. */
export async function balanceOf(t: TestApp, user: SignedIn): Promise<TWalletBalance> {
  const res = await t.request({ method: 'GET', url: '/api/wallet/balance', headers: user.auth });
  if (res.statusCode !== 200) throw new Error(`balance failed: ${res.statusCode} ${res.body}`);
  return res.json() as TWalletBalance;
}

/** Every balance equals its ledger, never negative, plans match their latest ledger row. Call in afterAll. */
export async function expectLedgerConsistent(t: TestApp): Promise<void> {
  expect(await findLedgerMismatches(t.ctx.db)).toEqual([]);
}
