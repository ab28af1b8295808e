import { SKU_CATALOG } from '@betoch/contracts/constants';
import type { TVerifyPurchaseAnswer } from '@betoch/contracts/payments';
import { ZTxRef } from '@betoch/contracts/payments';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { resultOf } from '../wallet/purchase-grant.ts';
import { getWalletSnapshot } from '../wallet/wallet-balance.ts';
import type { PaymentConfirmer } from './payment-confirmation.ts';
import type { PaymentProvider } from '../wallet/payment-provider.ts';
import { findPurchaseById, findPurchaseByTxRef, PAYABLE_STATUSES } from './payments.repository.ts';

function notFound(): AppError {
  return new AppError('not_found', 'No purchase of yours has this reference.');
}

/** The gateway-facing calls (webhook, callback) and the return page's verify call. */
export function createPaymentsService(ctx: AppContext, provider: PaymentProvider, confirmer: PaymentConfirmer) {
  async function confirmTxRef(txRef: string): Promise<void> {
    if (!ZTxRef.safeParse(txRef).success) return;
    const purchase = await findPurchaseByTxRef(ctx.db, txRef);
    if (purchase) await confirmer.confirm(purchase);
  }

  return {
    confirmTxRef,

    /**
     * A webhook: refused (401, nothing read) unless its signature is valid. An unknown or already
     * granted tx_ref, or a replayed body, is answered 200 and changes nothing: the payment itself
     * is confirmed only through the gateway's verify call, and a purchase is granted once.
     */
    async webhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<void> {
      const check = provider.checkWebhook(rawBody, headers);
      if (!check.valid) throw new AppError('invalid_signature', 'The webhook signature is missing or wrong.');
      if (check.txRef) await confirmTxRef(check.txRef);
    },

    /**
     * POST /purchase/verify: only the purchase's owner sees it; anyone else gets the same 404. A
     * purchase not paid yet is asked about at the gateway first.
     */
    async verifyForOwner(user: AuthUser, txRef: string): Promise<Omit<TVerifyPurchaseAnswer, 'ok'>> {
      let purchase = await findPurchaseByTxRef(ctx.db, txRef);
      if (!purchase || purchase.userId !== user.id) throw notFound();
      // Not paid yet (also failed, cancelled or expired): the gateway's word now decides.
      if (PAYABLE_STATUSES.includes(purchase.status)) {
        await confirmer.confirm(purchase);
        purchase = (await findPurchaseById(ctx.db, purchase.id)) ?? purchase;
      }
      const wallet = await getWalletSnapshot(ctx.db, user.id);
      return {
        purchase_id: purchase.id,
        tx_ref: txRef,
        status: purchase.status,
        sku: purchase.sku,
        price_etb: purchase.priceEtb,
        return_path: purchase.returnPath,
        result: resultOf(purchase.status === 'paid' ? SKU_CATALOG[purchase.sku] : null),
        credits: wallet.credits,
        post_credits: wallet.postCredits,
        sub_tenant_unlimited_until: wallet.tenantUnlimitedUntil?.toISOString() ?? null,
        sub_delala_unlimited_until: wallet.delalaUnlimitedUntil?.toISOString() ?? null,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
