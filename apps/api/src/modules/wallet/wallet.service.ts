import { randomUUID } from 'node:crypto';
import { SKU_CATALOG, type Sku, type SkuInfo } from '@betoch/contracts/constants';
import { ZPurchaseAnswer, type TPurchaseAnswer, type TWalletBalance } from '@betoch/contracts/wallet';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { changeBalance, extendPlan, lockAccount, type LockedAccount } from './ledger.ts';
import { claimIdempotencyKey, findIdempotencyKey, insertPurchase, saveIdempotentAnswer, type StoredKey } from './purchases.repository.ts';
import { getWalletSnapshot } from './wallet.repository.ts';

const PURCHASE_SCOPE = 'purchase';

/** Tenant skus: tenants and landlords. Broker skus: brokers only. */
export function maySell(userType: AuthUser['userType'], info: SkuInfo): boolean {
  return info.audience === 'delala' ? userType === 'delala' : userType === 'tenant' || userType === 'landlord';
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** A stored first answer, or 409 when the key was used for another sku. */
function replay(stored: StoredKey | undefined, sku: Sku): TPurchaseAnswer {
  if (stored && stored.fingerprint !== sku) {
    throw new AppError('idempotency_conflict', 'This Idempotency-Key was already used for a different purchase.');
  }
  // A committed key always carries its answer; without one the first call is still in flight.
  if (!stored?.answer) throw new AppError('idempotency_conflict');
  return ZPurchaseAnswer.parse(stored.answer);
}

export function createWalletService(ctx: AppContext, payments: PaymentProvider) {
  /** Adds what the sku buys to the locked account, with ledger rows pointing at the purchase. */
  async function grant(tx: Tx, account: LockedAccount, info: SkuInfo, purchaseId: string) {
    const ref = { kind: 'purchase', refType: 'purchase', refId: purchaseId };
    const result = { credits_granted: 0, tenant_unlimited_active: false, post_credits_granted: 0, delala_unlimited_active: false };
    let until: Date | undefined;
    switch (info.grant.kind) {
      case 'credits':
        await changeBalance(tx, account, 'credits', info.grant.amount, ref);
        result.credits_granted = info.grant.amount;
        break;
      case 'post_credits':
        await changeBalance(tx, account, 'post_credits', info.grant.amount, ref);
        result.post_credits_granted = info.grant.amount;
        break;
      case 'plan':
        if (info.grant.plan === 'tenant_unlimited') {
          until = await extendPlan(tx, account, 'tenant_unlimited_days', info.grant.days, ctx.now(), ref);
          result.tenant_unlimited_active = true;
        } else {
          until = await extendPlan(tx, account, 'delala_unlimited_days', info.grant.days, ctx.now(), ref);
          result.delala_unlimited_active = true;
        }
        break;
    }
    return { result, until };
  }

  return {
    async balance(user: AuthUser): Promise<TWalletBalance> {
      const wallet = await getWalletSnapshot(ctx.db, user.id);
      return {
        credits: wallet.credits,
        post_credits: wallet.postCredits,
        sub_tenant_unlimited_until: iso(wallet.tenantUnlimitedUntil),
        sub_delala_unlimited_until: iso(wallet.delalaUnlimitedUntil),
      };
    },

    /**
     * Charges through the payment provider and grants the sku, all in one transaction with the
     * purchase row and the ledger rows. With an idempotency key, the key is claimed first in the
     * same transaction: a retry (also one racing the first call) answers the first answer.
     */
    async purchase(user: AuthUser, sku: Sku, idempotencyKey?: string): Promise<TPurchaseAnswer> {
      const info = SKU_CATALOG[sku];
      if (!maySell(user.userType, info)) throw new AppError('wrong_role');

      if (idempotencyKey) {
        const stored = await findIdempotencyKey(ctx.db, user.id, PURCHASE_SCOPE, idempotencyKey);
        if (stored) return replay(stored, sku);
      }
      payments.assertAvailable();

      return ctx.db.transaction(async (tx) => {
        if (idempotencyKey && !(await claimIdempotencyKey(tx, user.id, PURCHASE_SCOPE, idempotencyKey, sku))) {
          return replay(await findIdempotencyKey(tx, user.id, PURCHASE_SCOPE, idempotencyKey), sku);
        }
        const purchaseId = randomUUID();
        const receipt = await payments.charge({ purchaseId, userId: user.id, sku, priceEtb: info.priceEtb });
        await insertPurchase(tx, {
          id: purchaseId,
          userId: user.id,
          sku,
          priceEtb: info.priceEtb,
          provider: payments.name,
          providerRef: receipt.providerRef,
          idempotencyKey: idempotencyKey ?? null,
        });
        const account = await lockAccount(tx, user.id);
        const { result, until } = await grant(tx, account, info, purchaseId);
        const answer: TPurchaseAnswer = {
          ok: true,
          purchase_id: purchaseId,
          sku,
          price_etb: info.priceEtb,
          result,
          credits: account.credits,
          post_credits: account.postCredits,
          ...(until ? { until: until.toISOString() } : {}),
          sub_tenant_unlimited_until: iso(account.tenantUnlimitedUntil),
          sub_delala_unlimited_until: iso(account.delalaUnlimitedUntil),
        };
        if (idempotencyKey) await saveIdempotentAnswer(tx, user.id, PURCHASE_SCOPE, idempotencyKey, answer);
        return answer;
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
