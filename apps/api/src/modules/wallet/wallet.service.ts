import { randomBytes, randomUUID } from 'node:crypto';
import { SKU_CATALOG, type Sku, type SkuInfo } from '@betoch/contracts/constants';
import { unreachable } from '@betoch/contracts/exhaustive';
import {
  WALLET_HISTORY_LIMIT,
  ZPurchaseAnswer,
  type TWalletHistoryEntry,
  type TPurchaseAnswer,
  type TPurchaseGrantedAnswer,
  type TWalletBalance,
} from '@betoch/contracts/wallet';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { lockAccount } from './ledger.ts';
import { grantSku } from './purchase-grant.ts';
import {
  claimIdempotencyKey,
  deleteUnopenedPurchase,
  findIdempotencyKey,
  insertPurchase,
  releaseIdempotencyKey,
  saveIdempotentAnswer,
  setCheckoutUrl,
  type StoredKey,
} from './purchases.repository.ts';
import { getWalletSnapshot } from './wallet-balance.ts';
import { walletHistory } from './wallet.repository.ts';

const PURCHASE_SCOPE = 'purchase';

/** Our own reference sent to the gateway: 'bt_' and 24 random bytes, url-safe (unguessable). */
export function newTxRef(): string {
  return `bt_${randomBytes(24).toString('base64url')}`;
}

/** Tenant skus: tenants and landlords. Broker skus: brokers only. */
/**
 * What the wallet needs of its caller (the signed-in user route() hands over): the wallet sits
 * below auth, which reads balances at sign-in, so it names the fields rather than auth's AuthUser.
 */
type WalletUser = Pick<UserRow, 'id' | 'phone' | 'userType'>;

export function maySell(userType: WalletUser['userType'], info: SkuInfo): boolean {
  switch (info.audience) {
    case 'delala':
      return userType === 'delala';
    case 'tenant':
      return userType === 'tenant' || userType === 'landlord';
    default:
      return unreachable(info.audience, 'sku audience');
  }
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
  const service = {
    /** GET /wallet/history: the ledger rows of the user's balances, newest first. */
    async history(user: WalletUser): Promise<TWalletHistoryEntry[]> {
      const rows = await walletHistory(ctx.db, user.id, WALLET_HISTORY_LIMIT);
      return rows.map((r) => ({
        _id: r.id,
        kind: r.kind,
        account: r.account,
        delta: r.delta,
        balance_after: r.balanceAfter,
        created_at: r.createdAt.toISOString(),
      }));
    },

    async balance(user: WalletUser): Promise<TWalletBalance> {
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
     * A checkout provider goes through `checkoutPurchase`: the grant waits for the gateway.
     */
    async purchase(user: WalletUser, sku: Sku, idempotencyKey?: string, returnPath?: string): Promise<TPurchaseAnswer> {
      const info = SKU_CATALOG[sku];
      if (!maySell(user.userType, info)) throw new AppError('wrong_role');

      if (idempotencyKey) {
        const stored = await findIdempotencyKey(ctx.db, user.id, PURCHASE_SCOPE, idempotencyKey);
        if (stored) return replay(stored, sku);
      }
      payments.assertAvailable();
      if (payments.checkout) return checkoutPurchase(user, sku, idempotencyKey, returnPath);

      return ctx.db.transaction(async (tx) => {
        if (idempotencyKey && !(await claimIdempotencyKey(tx, user.id, PURCHASE_SCOPE, idempotencyKey, sku))) {
          return replay(await findIdempotencyKey(tx, user.id, PURCHASE_SCOPE, idempotencyKey), sku);
        }
        const purchaseId = randomUUID();
        const txRef = newTxRef();
        const outcome = await payments.charge({ purchaseId, txRef, userId: user.id, phone: user.phone, sku, priceEtb: info.priceEtb });
        if (outcome.kind !== 'paid') throw new Error(`${payments.name} answered a checkout without being a checkout provider`);
        await insertPurchase(tx, {
          ...newPurchase(user, sku, { purchaseId, txRef, idempotencyKey, returnPath }),
          status: 'paid',
          providerRef: outcome.providerRef,
          paidAt: ctx.now(),
        });
        const account = await lockAccount(tx, user.id);
        const { result, until } = await grantSku(tx, account, info, purchaseId, ctx.now());
        const answer: TPurchaseGrantedAnswer = {
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

  /** A purchase row's common part: the buyer, the sku at the server's price, our references. */
  function newPurchase(user: WalletUser, sku: Sku, ids: { purchaseId: string; txRef: string; idempotencyKey?: string; returnPath?: string }) {
    return {
      id: ids.purchaseId,
      createdAt: ctx.now(),
      userId: user.id,
      sku,
      priceEtb: SKU_CATALOG[sku].priceEtb,
      provider: payments.name,
      txRef: ids.txRef,
      returnPath: ids.returnPath ?? null,
      idempotencyKey: ids.idempotencyKey ?? null,
    };
  }

  /**
   * A hosted checkout: the key and a `pending` purchase (our tx_ref, the server's price, the return
   * path) are committed first; the gateway is asked outside any transaction, so a slow gateway
   * holds no database connection (on PGlite, the only one) while it thinks. Its checkout address
   * is then stored with the idempotent answer. When the gateway refuses or does not answer, the
   * purchase and the key go: no checkout was opened, so nothing can ever be paid on it, and the
   * same key may try again. A crash in between leaves a pending purchase without a checkout, which
   * reconciliation marks failed or expired.
   */
  async function checkoutPurchase(user: WalletUser, sku: Sku, idempotencyKey: string | undefined, returnPath: string | undefined): Promise<TPurchaseAnswer> {
    const info = SKU_CATALOG[sku];
    const purchaseId = randomUUID();
    const txRef = newTxRef();
    const claimed = await ctx.db.transaction(async (tx) => {
      if (idempotencyKey && !(await claimIdempotencyKey(tx, user.id, PURCHASE_SCOPE, idempotencyKey, sku))) return false;
      await insertPurchase(tx, { ...newPurchase(user, sku, { purchaseId, txRef, idempotencyKey, returnPath }), status: 'pending', providerRef: null });
      return true;
    });
    if (!claimed) return replay(await findIdempotencyKey(ctx.db, user.id, PURCHASE_SCOPE, idempotencyKey!), sku);

    let checkoutUrl: string;
    try {
      const outcome = await payments.charge({ purchaseId, txRef, userId: user.id, phone: user.phone, sku, priceEtb: info.priceEtb });
      if (outcome.kind !== 'checkout') throw new Error(`${payments.name} granted at once although it is a checkout provider`);
      checkoutUrl = outcome.checkoutUrl;
    } catch (error) {
      await ctx.db.transaction(async (tx) => {
        await deleteUnopenedPurchase(tx, purchaseId);
        if (idempotencyKey) await releaseIdempotencyKey(tx, user.id, PURCHASE_SCOPE, idempotencyKey);
      });
      throw error;
    }
    const pending: TPurchaseAnswer = { ok: true, status: 'pending', purchaseId, tx_ref: txRef, checkout_url: checkoutUrl };
    await ctx.db.transaction(async (tx) => {
      await setCheckoutUrl(tx, purchaseId, checkoutUrl);
      if (idempotencyKey) await saveIdempotentAnswer(tx, user.id, PURCHASE_SCOPE, idempotencyKey, pending);
    });
    return pending;
  }

  return service;
}

export type WalletService = ReturnType<typeof createWalletService>;
