import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import { goToCheckout } from '@/lib/go-to-checkout';
import { WalletPage } from './wallet-page';

vi.mock('@/lib/go-to-checkout', () => ({ goToCheckout: vi.fn() }));

const none = { credits_granted: 0, tenant_unlimited_active: false, post_credits_granted: 0, delala_unlimited_active: false };
const emptyBalance = { ok: true, credits: 0, post_credits: 0, sub_tenant_unlimited_until: null, sub_delala_unlimited_until: null };

/** /wallet signed in as a user of this type, arriving with this navigation state. */
function renderWallet({ userType = 'tenant', state, lng = 'en' }: { userType?: string; state?: unknown; lng?: 'en' | 'am' } = {}) {
  const { router } = renderApp({
    routes: [{ path: '/wallet', element: <WalletPage /> }],
    path: '/wallet',
    state,
    lng,
    user: fakeUser({ userType, roles: [userType] }),
  });
  return { router };
}

let alerts: string[];
let walletUpdated: number;
const countWalletUpdated = () => {
  walletUpdated += 1;
};

beforeEach(() => {
  alerts = [];
  walletUpdated = 0;
  vi.spyOn(window, 'alert').mockImplementation((text?: unknown) => {
    alerts.push(String(text));
  });
  window.addEventListener('walletUpdated', countWalletUpdated);
  // jsdom has no scrolling: the page's scroll to its top is recorded instead.
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  window.removeEventListener('walletUpdated', countWalletUpdated);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/wallet', () => {
  it('a hosted checkout: the purchase is pending, the user is sent to checkout_url with the way back carried, nothing is announced as bought', async () => {
    const api = fakeApi();
    api.answer('GET', '/wallet/balance', () => ({ body: emptyBalance }));
    api.answer('GET', '/payments/methods', () => ({
      body: { ok: true, provider: 'chapa', checkout_available: true, methods: ['telebirr', 'cbe_birr', 'mpesa', 'card'] },
    }));
    api.answer('POST', '/purchase', () => ({
      body: { ok: true, status: 'pending', purchaseId: 'p1', tx_ref: `bt_${'a'.repeat(32)}`, checkout_url: 'https://checkout.chapa.co/checkout/payment/t1' },
    }));
    renderWallet({ state: { from: 'listing', listingId: 'listing-7' } });
    await screen.findByText(
      "Pay with telebirr, CBE Birr, M-Pesa or a card on Chapa's secure payment page. Your credits are added as soon as the payment is confirmed.",
    );
    screen.getByText('Card');
    const bundle = screen.getByRole('listitem', { name: '10 Credits Bundle' });
    await userEvent.click(within(bundle).getByRole('button', { name: /Buy for 250 ETB/ }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://checkout.chapa.co/checkout/payment/t1'));
    screen.getByText('Taking you to the secure payment page…');
    expect(api.callsTo('POST', '/purchase')[0]!.body).toEqual({ sku: 'CREDIT_BUNDLE_10', return_path: '/l/listing-7' });
    expect(alerts).toEqual([]);
    expect(walletUpdated).toBe(0);
  });

  it("without a configured checkout the payment methods keep the 'coming soon' note", async () => {
    const api = fakeApi();
    api.answer('GET', '/wallet/balance', () => ({ body: emptyBalance }));
    api.answer('GET', '/payments/methods', () => ({ body: { ok: true, provider: 'none', checkout_available: false, methods: [] } }));
    renderWallet();
    await screen.findByText('Payment integration is coming soon. For help with a payment, please contact support.');
    expect(screen.queryByText('Card')).toBeNull();
  });

  it("a tenant from a listing sees 'Almost there!', buys the bundle, is told so and goes back to the listing", async () => {
    const api = fakeApi();
    let credits = 0;
    api.answer('GET', '/wallet/balance', () => ({ body: { ...emptyBalance, credits } }));
    api.answer('POST', '/purchase', () => {
      credits = 10;
      return { body: { ...emptyBalance, purchase_id: 'p1', sku: 'CREDIT_BUNDLE_10', price_etb: 250, result: { ...none, credits_granted: 10 }, credits } };
    });
    renderWallet({ state: { from: 'listing', listingId: 'listing-7' } });

    await screen.findByText('Almost there!');
    expect(await screen.findByTestId('credits-balance')).toHaveProperty('textContent', '0');
    const bundle = screen.getByRole('listitem', { name: '10 Credits Bundle' });
    within(bundle).getByText('BEST VALUE');
    within(bundle).getByText('Saves 17% per contact');
    await userEvent.click(within(bundle).getByRole('button', { name: /Buy for 250 ETB/ }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/l/listing-7'));
    expect(alerts).toEqual(['Success! You now have 10 credits.']);
    expect(walletUpdated).toBe(1);
    const purchase = api.calls.find((c) => c.method === 'POST')!;
    // The return path rides along, so a hosted checkout can bring the user back to the listing.
    expect(purchase.body).toEqual({ sku: 'CREDIT_BUNDLE_10', return_path: '/l/listing-7' });
    expect(purchase.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    // The balance was asked again after the purchase.
    expect(api.calls.filter((c) => c.path === '/wallet/balance').length).toBeGreaterThanOrEqual(2);
  });

  it('from a listing the page opens at its top with the banner, then the cards with Single Credit outlined; the balance follows them', async () => {
    fakeApi().answer('GET', '/wallet/balance', () => ({ body: emptyBalance }));
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderWallet({ state: { from: 'listing', listingId: 'listing-7' } });

    const banner = await screen.findByText('Almost there!');
    const balance = await screen.findByTestId('credits-balance');
    const single = screen.getByRole('listitem', { name: 'Single Credit' });
    expect(single.dataset.highlighted).toBe('true');
    within(single).getByText('Your choice');
    expect(screen.getAllByRole('listitem').filter((li) => li.dataset.highlighted)).toHaveLength(1);
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(banner, single)).toBe(true);
    expect(follows(single, balance)).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('without a way back the user stays, with the success in the page and the new balance', async () => {
    const api = fakeApi();
    let until: string | null = null;
    api.answer('GET', '/wallet/balance', () => ({ body: { ...emptyBalance, sub_tenant_unlimited_until: until } }));
    api.answer('POST', '/purchase', () => {
      until = new Date(Date.now() + 30 * 86_400_000).toISOString();
      return {
        body: {
          ...emptyBalance,
          purchase_id: 'p2',
          sku: 'SUB_TENANT_MONTHLY',
          price_etb: 500,
          result: { ...none, tenant_unlimited_active: true },
          until,
          sub_tenant_unlimited_until: until,
        },
      };
    });
    renderWallet();
    await screen.findByTestId('credits-balance');
    expect(screen.queryByText('Almost there!')).toBeNull();
    expect(screen.queryByTestId('active-plan')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Buy for 500 ETB/ }));

    const success = await screen.findByText('Success! Your unlimited subscription is now active.');
    expect(success.closest('[role="status"]')).not.toBeNull();
    expect(alerts).toEqual(['Success! Your unlimited subscription is now active.']);
    const plan = await screen.findByTestId('active-plan');
    expect(plan.textContent).toContain('Unlimited Access Active');
    expect(plan.textContent).toMatch(/Valid until [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(plan.querySelector('time')?.getAttribute('datetime')).toBe(new Date(until!).toISOString());
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('the chat return path with its flag wins', async () => {
    const api = fakeApi();
    api.answer('GET', '/wallet/balance', () => ({ body: emptyBalance }));
    api.answer('POST', '/purchase', () => ({
      body: { ...emptyBalance, purchase_id: 'p3', sku: 'CREDIT_SINGLE', price_etb: 30, result: { ...none, credits_granted: 1 }, credits: 1 },
    }));
    renderWallet({ state: { returnTo: '/chat/c-9', returnAfterPurchase: true } });
    await screen.findByText('After your purchase we will take you back to where you were.');
    await userEvent.click(await screen.findByRole('button', { name: /Buy for 30 ETB/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat/c-9'));
    expect(alerts).toEqual(['Success! You now have 1 credit.']);
  });

  it('a refused purchase is shown in the page and in an alert; the balance stays', async () => {
    const api = fakeApi();
    api.answer('GET', '/wallet/balance', () => ({ body: emptyBalance }));
    api.answer('GET', '/wallet/history', () => ({ body: { ok: true, entries: [] } }));
    api.answer('POST', '/purchase', () => ({ status: 503, body: { ok: false, error: 'payment_unavailable', message: 'No payments' } }));
    renderWallet({ state: { from: 'listing', listingId: 'listing-7' } });
    await userEvent.click(await screen.findByRole('button', { name: /Buy for 30 ETB/ }));

    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Failed to complete purchase');
    expect(failure.textContent).toContain('Payments are not available yet. Please contact support.');
    expect(alerts).toEqual(['Payments are not available yet. Please contact support.']);
    expect(walletUpdated).toBe(0);
    expect(screen.queryByTestId('location')).toBeNull();
    expect(screen.getByRole('button', { name: /Buy for 30 ETB/ })).toHaveProperty('disabled', false);
  });

  it('a broker sees the posting plan with its date, the post credits and the broker cards; the highlighted one is outlined', async () => {
    const api = fakeApi();
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString();
    api.answer('GET', '/wallet/balance', () => ({ body: { ...emptyBalance, post_credits: 2, sub_delala_unlimited_until: until } }));
    renderWallet({ userType: 'delala', state: { highlightSku: 'post_subscription_delala_unlimited' } });

    expect((await screen.findByTestId('active-plan')).textContent).toContain('Unlimited Posting Active');
    expect(screen.getByTestId('post-credits-balance').textContent).toBe('2');
    expect(screen.queryByTestId('credits-balance')).toBeNull();
    screen.getByRole('heading', { name: 'Buy Post Credits' });
    const cards = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-sku'));
    expect(cards.map((c) => c.getAttribute('data-sku'))).toEqual(['post_credit_1', 'post_subscription_delala_unlimited']);
    expect(cards[1]!.getAttribute('data-highlighted')).toBe('true');
    within(cards[1]!).getByText('Your choice');
    expect(cards[0]!.hasAttribute('data-highlighted')).toBe(false);
    screen.getByText('Publish 1 listing');
    screen.getByText('Priority support');
  });

  it('a balance that fails to load says so with the reason, and Try Again loads it', async () => {
    const api = fakeApi();
    let fail = true;
    api.answer('GET', '/wallet/balance', () =>
      fail ? { status: 500, body: { ok: false, error: 'internal_error', message: 'Boom' } } : { body: { ...emptyBalance, credits: 4 } },
    );
    api.answer('GET', '/wallet/history', () => ({ body: { ok: true, entries: [] } }));
    renderWallet({ userType: 'landlord' });
    const error = await screen.findByRole('alert');
    expect(error.textContent).toContain('Failed to fetch balance');
    expect(error.textContent).toContain('Something went wrong on our side. Please try again.');
    // Landlords buy the tenant cards meanwhile.
    screen.getByRole('heading', { name: 'Buy Credits' });
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('credits-balance')).textContent).toBe('4');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the history lists each credit change with its reason, a refund for a dead contact included, in both languages', async () => {
    const api = fakeApi();
    api.answer('GET', '/wallet/balance', () => ({ body: { ...emptyBalance, credits: 1 } }));
    api.answer('GET', '/wallet/history', () => ({
      body: {
        ok: true,
        entries: [
          { _id: 'e3', kind: 'refund', account: 'credits', delta: 1, balance_after: 1, created_at: '2026-11-24T09:00:00.000Z' },
          { _id: 'e2', kind: 'contact_unlock', account: 'credits', delta: -1, balance_after: 0, created_at: '2026-11-23T09:00:00.000Z' },
          { _id: 'e1', kind: 'purchase', account: 'credits', delta: 1, balance_after: 1, created_at: '2026-11-22T09:00:00.000Z' },
        ],
      },
    }));
    renderWallet();
    const history = await screen.findByRole('region', { name: 'History' });
    const rows = await within(history).findAllByTestId('wallet-history-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Refund for a dead contact+1 credit'),
      expect.stringContaining('Contact unlocked−1 credit'),
      expect.stringContaining('Purchase+1 credit'),
    ]);
  });

  it('the history in Amharic names the refund', async () => {
    const api = fakeApi();
    api.answer('GET', '/wallet/balance', () => ({ body: { ...emptyBalance, credits: 1 } }));
    api.answer('GET', '/wallet/history', () => ({
      body: { ok: true, entries: [{ _id: 'e3', kind: 'refund', account: 'credits', delta: 1, balance_after: 1, created_at: '2026-11-24T09:00:00.000Z' }] },
    }));
    renderWallet({ lng: 'am' });
    expect((await screen.findByTestId('wallet-history-row')).textContent).toContain('ለማይሰራ ስልክ ቁጥር የተመለሰ');
  });

  it('speaks Amharic with prices in ብር', async () => {
    const api = fakeApi();
    api.answer('GET', '/wallet/balance', () => ({ body: emptyBalance }));
    renderWallet({ lng: 'am', state: { from: 'listing', listingId: 'x' } });
    await screen.findByText('ጥቂት ብቻ ቀርቷል!');
    expect(screen.getByRole('listitem', { name: 'የ10 ክሬዲት ጥቅል' }).textContent).toContain('250 ብር');
    screen.getByRole('button', { name: /በ500 ብር ይግዙ/ });
  });
});
