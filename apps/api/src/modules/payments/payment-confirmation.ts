import { SKU_CATALOG } from '@betoch/contracts/constants';
import { unreachable } from '@betoch/contracts/exhaustive';
import type { PurchaseStatus } from '@betoch/contracts/payments';
import type { AppContext } from '../../app-context.ts';

import type { PurchaseRow } from '../../db/schema/purchases.ts';
import { lockAccount } from '../wallet/ledger.ts';
import { grantSku } from '../wallet/purchase-grant.ts';
import type { GatewayVerdict, PaymentProvider } from '../wallet/payment-provider.ts';
import { findPurchaseById, markPaid, markStatus, PAYABLE_STATUSES } from './payments.repository.ts';

/** What confirming and reconciling need (the reconcile command builds it without a server). */
export type PaymentsContext = Pick<AppContext, 'db' | 'database' | 'log' | 'now'>;

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** Why a successful gateway answer does not match the purchase; empty when it matches. */
export function mismatchOf(purchase: Pick<PurchaseRow, 'txRef' | 'priceEtb' | 'providerRef'>, verdict: GatewayVerdict): string[] {
  const problems: string[] = [];
  if (verdict.txRef !== purchase.txRef) problems.push(`tx_ref ${verdict.txRef ?? 'missing'}`);
  if (verdict.amount === null || Math.abs(verdict.amount - purchase.priceEtb) > 1e-9)
    problems.push(`amount ${verdict.amount ?? 'missing'} instead of ${purchase.priceEtb}`);
  if ((verdict.currency ?? '').toUpperCase() !== 'ETB') problems.push(`currency ${verdict.currency ?? 'missing'} instead of ETB`);
  if (!verdict.reference) problems.push('no gateway reference');
  else if (purchase.providerRef && purchase.providerRef !== verdict.reference)
    problems.push(`reference ${verdict.reference} instead of ${purchase.providerRef}`);
  return problems;
}

/**
 * Confirms purchases from the gateway's own word (its verify call), whoever asks: the webhook,
 * the return page, reconciliation or an admin. Granting is one transaction that moves the
 * purchase to `paid` (only from a payable state) and writes its ledger row; the database refuses
 * a second ledger row for the same purchase, so any number of confirmations grant once.
 */
export function createPaymentConfirmer(ctx: PaymentsContext, provider: PaymentProvider) {
  /** Moves to paid and grants, atomically; false when someone else already did. */
  async function grantPaid(purchase: PurchaseRow, reference: string | null): Promise<boolean> {
    const now = ctx.now();
    try {
      return await ctx.db.transaction(async (tx) => {
        if (!(await markPaid(tx, purchase.id, reference, now))) return false;
        const account = await lockAccount(tx, purchase.userId);
        await grantSku(tx, account, SKU_CATALOG[purchase.sku], purchase.id, now);
        return true;
      });
    } catch (err) {
      // The ledger already holds this purchase's grant: nothing more to do.
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /** Applies one verdict to the purchase; answers its state afterwards. */
  async function apply(purchase: PurchaseRow, verdict: GatewayVerdict): Promise<PurchaseStatus> {
    const now = ctx.now();
    switch (verdict.status) {
      case 'success': {
        const problems = mismatchOf(purchase, verdict);
        if (problems.length) {
          const reason = `gateway reported success with ${problems.join(', ')}`;
          if (await markStatus(ctx.db, purchase.id, 'mismatch', reason, PAYABLE_STATUSES, now)) {
            ctx.log.warn({ purchaseId: purchase.id, txRef: purchase.txRef, problems }, 'payment mismatch: nothing granted');
          }
          break;
        }
        if (await grantPaid(purchase, verdict.reference)) {
          ctx.log.info({ purchaseId: purchase.id, sku: purchase.sku }, 'payment confirmed and granted');
        }
        break;
      }
      case 'failed':
      case 'cancelled':
        await markStatus(ctx.db, purchase.id, verdict.status, `gateway says ${verdict.status}`, ['pending'], now, verdict.reference);
        break;
      case 'pending':
      case 'unknown':
        break;
      default:
        return unreachable(verdict.status, 'gateway verdict');
    }
    return (await findPurchaseById(ctx.db, purchase.id))?.status ?? purchase.status;
  }

  return {
    /**
     * Asks the gateway about a purchase not paid yet and applies the answer. A paid or mismatched
     * purchase is answered as it is (a mismatch waits for an admin).
     */
    async confirm(purchase: PurchaseRow): Promise<PurchaseStatus> {
      if (purchase.status === 'paid' || purchase.status === 'mismatch' || !purchase.txRef) return purchase.status;
      if (purchase.provider !== provider.name) return purchase.status;
      return apply(purchase, await provider.verify(purchase.txRef));
    },
  };
}

export type PaymentConfirmer = ReturnType<typeof createPaymentConfirmer>;
