import type { TAdminPurchase, TAdminPurchasesQuery } from '@betoch/contracts/payments';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { requireAdmin } from '../auth/access.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { PaymentConfirmer } from '../payments/payment-confirmation.ts';
import { findPurchaseForAdmin, listPurchasesForAdmin, type AdminPurchaseRow } from '../payments/purchases-for-admin.ts';

const CSV_COLUMNS = [
  'created_at',
  'phone',
  'sku',
  'price_etb',
  'provider',
  'tx_ref',
  'provider_ref',
  'status',
  'status_reason',
  'paid_at',
  'updated_at',
] as const;

function toAdminPurchase(row: AdminPurchaseRow): TAdminPurchase {
  return {
    id: row.id,
    phone: row.phone,
    sku: row.sku,
    price_etb: row.priceEtb,
    provider: row.provider,
    tx_ref: row.txRef,
    provider_ref: row.providerRef,
    status: row.status,
    status_reason: row.statusReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text a spreadsheet would run
 * as a formula (= @ tab, or + - not followed by a digit) gets a leading apostrophe.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=@\t\r]/.test(text) || /^[+-](?!\d)/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function purchasesCsv(items: TAdminPurchase[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const p of items) lines.push(CSV_COLUMNS.map((c) => csvCell(p[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function dateOf(value: string | undefined): Date | undefined {
  return value ? new Date(value) : undefined;
}

/** The purchases list of the Payments & Adjustments tab, its CSV export and the re-verify button. */
export function createAdminPurchasesService(ctx: AppContext, confirmer: PaymentConfirmer) {
  return {
    async list(admin: AuthUser, q: TAdminPurchasesQuery): Promise<TAdminPurchase[]> {
      requireAdmin(admin);
      const rows = await listPurchasesForAdmin(ctx.db, { status: q.status, provider: q.provider, from: dateOf(q.from), to: dateOf(q.to), limit: q.limit });
      return rows.map(toAdminPurchase);
    },

    /** Asks the gateway again about a purchase not paid yet (pending, failed, cancelled, expired). */
    async reverify(admin: AuthUser, id: string): Promise<TAdminPurchase> {
      requireAdmin(admin);
      const row = /^[0-9a-f-]{36}$/i.test(id) ? await findPurchaseForAdmin(ctx.db, id) : undefined;
      if (!row) throw new AppError('not_found', 'No purchase has this id.');
      if (row.status === 'paid' || row.status === 'mismatch') throw new AppError('invalid_state', 'Only a purchase that is not paid can be verified again.');
      ctx.log.info({ adminId: admin.id, purchaseId: id }, 'admin re-verifies a purchase');
      await confirmer.confirm(row);
      const after = (await findPurchaseForAdmin(ctx.db, id)) ?? row;
      // Money desk: who asked the gateway again, and what it changed (a grant shows as paid).
      await recordAudit(ctx.db, [
        {
          adminId: admin.id,
          action: 'reverify_purchase',
          targetType: 'purchase',
          targetId: row.id,
          subjectUserId: row.userId,
          reason: 'Verified again with the payment gateway',
          before: { status: row.status },
          after: { status: after.status, provider_ref: after.providerRef },
          at: ctx.now(),
        },
      ]);
      return toAdminPurchase(after);
    },
  };
}

export type AdminPurchasesService = ReturnType<typeof createAdminPurchasesService>;
