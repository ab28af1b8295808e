import type { SkuInfo } from '@betoch/contracts/constants';
import type { TPurchaseResult } from '@betoch/contracts/wallet';
import type { Tx } from '../../db/client.ts';
import { changeBalance, extendPlan, type LockedAccount } from './ledger.ts';

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
      until = await extendPlan(
        tx,
        account,
        info.grant.plan === 'tenant_unlimited' ? 'tenant_unlimited_days' : 'delala_unlimited_days',
        info.grant.days,
        now,
        ref,
      );
      break;
  }
  return { result: resultOf(info), until };
}
