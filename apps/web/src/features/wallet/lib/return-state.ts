import type { PurchaseStatus } from '@betoch/contracts/payments';

/** What the return page shows for a purchase's state. */
export type ReturnView = 'confirming' | 'slow' | 'paid' | 'unpaid';

export function returnViewOf(status: PurchaseStatus | undefined, patient: boolean): ReturnView {
  if (status === 'paid') return 'paid';
  if (status === 'failed' || status === 'cancelled' || status === 'expired' || status === 'mismatch') return 'unpaid';
  return patient ? 'confirming' : 'slow';
}

/** The tx_ref of the return address, when it has our shape; null otherwise. */
export function txRefOf(search: string): string | null {
  const value = new URLSearchParams(search).get('tx_ref');
  return value && /^bt_[A-Za-z0-9_-]{32}$/.test(value) ? value : null;
}
