import { unreachable } from '@betoch/contracts/exhaustive';
import type { SkuInfo, SkuPlan } from '@betoch/contracts/constants';
import type { TPurchaseResult } from '@betoch/contracts/wallet';
import type { Tx } from '../../db/client.ts';
import { changeBalance, extendPlan, type LockedAccount, type PlanAccount } from './ledger.ts';

/** The ledger account that holds each plan's days. */
const PLAN_ACCOUNT: Record<SkuPlan, PlanAccount> = {
  tenant_unlimited: 'tenant_unlimited_days',
  delala_unlimited: 'delala_unlimited_days',
};

/** What a sku grants, without granting it (the answer of a purchase not paid yet is all zero). */
export function resultOf(info: SkuInfo | null): TPurchaseResult {
  return {
    credits_granted: info?.grant.kind === 'credits' ? info.grant.amount : 0,
    tenant_unlimited_active: info?.grant.kind === 'plan' && info.grant.plan === 'tenant_unlimited',
    post_credits_granted: info?.grant.kind === 'post_credits' ? info.grant.amount : 0,
    delala_unlimited_active: info?.grant.kind === 'plan' && info.grant.plan === 'delala_unlimited',
  };
}

/**
 * Adds what the sku buys to the locked account, with one ledger row pointing at the purchase (the
 * database refuses a second one: a purchase is granted at most once).
 */
export async function grantSku(tx: Tx, account: LockedAccount, info: SkuInfo, purchaseId: string, now: Date) {
  const ref = { kind: 'purchase', refType: 'purchase', refId: purchaseId };
  let until: Date | undefined;
  switch (info.grant.kind) {
    case 'credits':
      await changeBalance(tx, account, 'credits', info.grant.amount, ref);
      break;
    case 'post_credits':
      await changeBalance(tx, account, 'post_credits', info.grant.amount, ref);
      break;
    case 'plan':
      until = await extendPlan(tx, account, PLAN_ACCOUNT[info.grant.plan], info.grant.days, now, ref);
      break;
    default:
      return unreachable(info.grant, 'sku grant');
  }
  return { result: resultOf(info), until };
}
