import { unreachable } from '@betoch/contracts/exhaustive';
import type { PaymentConfirmer, PaymentsContext } from './payment-confirmation.ts';
import { findPurchaseById, listPendingBefore, markStatus, withAdvisoryTryLock } from './payments.repository.ts';

/** A purchase still pending this long is asked about again. */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** A purchase still pending this long (after asking once more) expires. */
export const EXPIRE_AFTER_MS = 24 * 3600_000;
/** How often the server runs reconciliation on its own. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** The advisory lock that makes one process at a time reconcile (any fixed 64-bit number). */
export const RECONCILE_LOCK_KEY = 0x6265_7470_6179; // 'betpay'
const BATCH = 200;

export interface ReconcileReport {
  /** False when another process held the lock: this run did nothing. */
  ran: boolean;
  checked: number;
  paid: number;
  failed: number;
  expired: number;
}

let runningHere = false;

/**
 * Re-verifies purchases still pending after 10 minutes (granting those the gateway says are paid,
 * for example when the server died between the payment and its grant), and expires those still
 * pending after 24 hours. Runs once across processes: a PostgreSQL advisory try-lock is held for
 * the whole run (PGlite has one process), and a second run in this process answers ran: false.
 */
export async function reconcilePayments(ctx: PaymentsContext, confirmer: PaymentConfirmer): Promise<ReconcileReport> {
  const skipped: ReconcileReport = { ran: false, checked: 0, paid: 0, failed: 0, expired: 0 };
  if (runningHere) return skipped;
  runningHere = true;
  try {
    const run = async (): Promise<ReconcileReport> => {
      const report: ReconcileReport = { ran: true, checked: 0, paid: 0, failed: 0, expired: 0 };
      const now = ctx.now();
      const due = await listPendingBefore(ctx.db, new Date(now.getTime() - RECONCILE_AFTER_MS), BATCH);
      for (const purchase of due) {
        report.checked++;
        let status = await confirmer.confirm(purchase).catch((err: unknown) => {
          ctx.log.error({ err, purchaseId: purchase.id }, 'reconcile: verify failed');
          return purchase.status;
        });
        if (status === 'pending' && purchase.createdAt.getTime() <= now.getTime() - EXPIRE_AFTER_MS) {
          await markStatus(ctx.db, purchase.id, 'expired', 'still pending after 24 hours', ['pending'], ctx.now());
          status = (await findPurchaseById(ctx.db, purchase.id))?.status ?? status;
        }
        switch (status) {
          case 'paid':
            report.paid++;
            break;
          case 'failed':
          case 'cancelled':
          case 'mismatch':
            report.failed++;
            break;
          case 'expired':
            report.expired++;
            break;
          case 'pending':
            break;
          default:
            unreachable(status, 'purchase status');
        }
      }
      if (report.checked) ctx.log.info(report, 'payments reconciled');
      return report;
    };
    if (ctx.database.kind === 'pglite') return await run();
    return (await withAdvisoryTryLock(ctx.db, RECONCILE_LOCK_KEY, run)) ?? skipped;
  } finally {
    runningHere = false;
  }
}

/**
 * The scheduler hook: runs reconciliation every `everyMs` (and never two at once). Answers a stop
 * function. A shared job list can call reconcilePayments itself instead.
 */
