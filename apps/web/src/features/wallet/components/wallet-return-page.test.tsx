import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import { WalletReturnPage } from './wallet-return-page';

const TX = `bt_${'Q'.repeat(32)}`;
const none = { credits_granted: 0, tenant_unlimited_active: false, post_credits_granted: 0, delala_unlimited_active: false };
const base = {
  ok: true,
  purchase_id: 'p1',
  tx_ref: TX,
  sku: 'CREDIT_BUNDLE_10',
  price_etb: 250,
  return_path: '/l/listing-7',
  result: none,
  credits: 0,
  post_credits: 0,
  sub_tenant_unlimited_until: null,
  sub_delala_unlimited_until: null,
};

function renderReturn(search = `?tx_ref=${TX}`, lng: 'en' | 'am' = 'en') {
  return renderApp({
    routes: [{ path: '/wallet/return', element: <WalletReturnPage /> }],
    path: `/wallet/return${search}`,
    lng,
    user: fakeUser({ userType: 'tenant', roles: ['tenant'] }),
  });
}

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((text?: unknown) => {
    alerts.push(String(text));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/wallet/return', () => {
  it("says 'Confirming your payment…' while pending, then tells the credits and goes back to the listing", async () => {
    const api = fakeApi();
    let paid = false;
    api.answer('POST', '/purchase/verify', () => ({
      body: paid ? { ...base, status: 'paid', credits: 10, result: { ...none, credits_granted: 10 } } : { ...base, status: 'pending' },
    }));
    api.answer('GET', '/wallet/balance', () => ({
      body: { ok: true, credits: 10, post_credits: 0, sub_tenant_unlimited_until: null, sub_delala_unlimited_until: null },
    }));
    renderReturn();
    await screen.findByText('Confirming your payment…');
    expect(api.callsTo('POST', '/purchase/verify')[0]!.body).toEqual({ tx_ref: TX });
    paid = true;
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/l/listing-7'), { timeout: 5000 });
    expect(alerts).toEqual(['Success! You now have 10 credits.']);
  });

  it('a cancelled payment says so and offers to try again from the wallet, keeping the way back', async () => {
    const api = fakeApi();
    api.answer('POST', '/purchase/verify', () => ({ body: { ...base, status: 'cancelled' } }));
    const { router } = renderReturn();
    await screen.findByText('The payment was cancelled.');
    screen.getByText('No credits were added for this payment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/wallet'));
    expect(router.state.location.state).toEqual({ highlightSku: 'CREDIT_BUNDLE_10', returnTo: '/l/listing-7', returnAfterPurchase: true });
    expect(alerts).toEqual([]);
  });

  it("someone else's or an unknown payment: nothing of it is shown", async () => {
    const api = fakeApi();
    api.answer('POST', '/purchase/verify', () => ({
      status: 404,
      body: { ok: false, error: 'not_found', message: 'No purchase of yours has this reference.' },
    }));
    renderReturn();
    await screen.findByText('We could not find this payment.');
    expect(screen.queryByText(/250/)).toBeNull();
  });

  it('a malformed tx_ref never reaches the server', async () => {
    const api = fakeApi();
    renderReturn('?tx_ref=abc');
    await screen.findByText('This payment link is not valid.');
    expect(api.calls).toEqual([]);
  });

  it('in Amharic', async () => {
    const api = fakeApi();
    api.answer('POST', '/purchase/verify', () => ({ body: { ...base, status: 'failed' } }));
    renderReturn(`?tx_ref=${TX}`, 'am');
    await screen.findByText('ክፍያው አልተሳካም።');
    screen.getByRole('button', { name: 'እንደገና ይሞክሩ' });
  });
});
