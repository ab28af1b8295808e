import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminPage } from '../admin-page';
import { fakeApi } from '@/test/render';
import { envelope, renderAdmin } from '../../test/render-admin';

const routes = [{ path: '/admin', element: <AdminPage /> }];
const purchase = (over: Record<string, unknown> = {}) => ({
  id: 'p-1',
  phone: '+251911000040',
  sku: 'CREDIT_BUNDLE_10',
  price_etb: 250,
  provider: 'chapa',
  tx_ref: `bt_${'A'.repeat(32)}`,
  provider_ref: 'APREF1',
  status: 'paid',
  status_reason: null,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:01:00.000Z',
  paid_at: '2026-11-20T08:01:00.000Z',
  ...over,
});

describe('/admin payments: purchases', { timeout: 20_000 }, () => {
  it('lists purchases, filters by status, and re-verifies a pending one', async () => {
    const api = fakeApi();
    api.answer('GET', '/admin/payments/delala', () => envelope({ items: [] }));
    api.answer('GET', '/admin/payments/manual-adjustments', () => envelope({ items: [] }));
    let pendingStatus = 'pending';
    api.answer('GET', '/admin/payments/purchases', (call) =>
      envelope({
        items:
          call.query.get('status') === 'mismatch'
            ? []
            : [purchase(), purchase({ id: 'p-2', tx_ref: `bt_${'B'.repeat(32)}`, provider_ref: null, status: pendingStatus, paid_at: null })],
      }),
    );
    api.answer('POST', '/admin/payments/purchases/p-2/verify', () => {
      pendingStatus = 'paid';
      return envelope({ purchase: purchase({ id: 'p-2', status: 'paid' }) });
    });
    renderAdmin({ routes, path: '/admin?tab=payments' });
    const paidRow = (await screen.findByText(`bt_${'A'.repeat(32)}`)).closest('tr')!;
    within(paidRow).getByText('+251911000040');
    within(paidRow).getByText('250 ETB');
    within(paidRow).getByText('APREF1');
    within(paidRow).getByText('Paid');
    expect(within(paidRow).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: `Verify again: payment bt_${'B'.repeat(32)} with the gateway` }));
    await screen.findByText(`Payment bt_${'B'.repeat(32)} checked with the gateway: Paid.`);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'mismatch' } });
    await screen.findByText('No purchases match these filters.');
    await waitFor(() => expect(api.callsTo('GET', '/admin/payments/purchases').some((c) => c.query.get('status') === 'mismatch')).toBe(true));
  });
});
