import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeUser, renderApp, type FakeCall } from '@/test/render';
import { goToCheckout } from '@/lib/go-to-checkout';
import { SignupPage } from './signup-page';

vi.mock('@/lib/go-to-checkout', () => ({ goToCheckout: vi.fn() }));

const PHONE = '0911223344';

function setup(path = '/signup', state?: unknown) {
  const api = fakeApi();
  api.answer('POST', '/auth/request-otp', () => ({ body: { ok: true, code: '482913', expires_in: 300, retry_after: 60 } }));
  api.answer('POST', '/auth/signup', (call: FakeCall) => {
    const body = call.body as { name: string; userType: string; agencyName?: string };
    return {
      status: 201,
      body: { ok: true, token: 'tok-new', user: fakeUser({ name: body.name, userType: body.userType, agency_name: body.agencyName ?? null }) },
    };
  });
  const view = renderApp({ routes: [{ path: '/signup', element: <SignupPage /> }], path, state });
  return { api, ...view, user: userEvent.setup() };
}

async function toProfile(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Phone number'), PHONE);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByRole('heading', { level: 1, name: 'Your details' });
}

/** Ticks 'I accept the Terms and the Privacy notice' unless it is ticked already. */
async function acceptTerms(user: ReturnType<typeof userEvent.setup>, name = 'I accept the Terms and the Privacy notice') {
  const box = screen.getByRole('checkbox', { name }) as HTMLInputElement;
  if (!box.checked) await user.click(box);
}

/** The profile step: the name, the agency name when given, the code, and the Terms box. */
async function fillProfile(user: ReturnType<typeof userEvent.setup>, { name, agency, code = '482913' }: { name: string; agency?: string; code?: string }) {
  await user.type(screen.getByLabelText('Full name'), name);
  if (agency !== undefined) await user.type(screen.getByLabelText('Agency name'), agency);
  await user.type(screen.getByLabelText('6-digit code'), code);
  await acceptTerms(user);
}

const location = () => screen.getByTestId('location');
const locationState = () => JSON.parse(location().getAttribute('data-state')!) as unknown;

/** The message as POST /conversations answers it to its writer. */
const sentMessage = { _id: 'm1', role: 'tenant', body_text: 'Is it free?', blurred: false, masked: false, mine: true, createdAt: '2026-11-22T10:00:00.000Z' };

describe('/signup', () => {
  it('a tenant goes phone, then profile and code, then the plan step; skipping returns to /browse', async () => {
    const { api, user } = setup();
    screen.getByText('Step 1 of 3');
    await toProfile(user);
    screen.getByText('Step 2 of 3');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Full name')));
    expect(screen.getByTestId('demo-code').textContent).toBe('482913');
    expect(screen.queryByLabelText('Agency name')).toBeNull();
    await user.type(screen.getByLabelText('Full name'), 'Hana Tesfaye');
    await user.type(screen.getByLabelText(/Email/), 'hana@example.com');
    await user.type(screen.getByLabelText('6-digit code'), '482913');
    await acceptTerms(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const planHeading = await screen.findByRole('heading', { level: 1, name: 'Choose how you pay' });
    await waitFor(() => expect(document.activeElement).toBe(planHeading));
    screen.getByText('Step 3 of 3');
    screen.getByText('250 ETB');
    // Nothing is created before the last step.
    expect(api.calls.filter((c) => c.path === '/auth/signup')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(location().textContent).toBe('/browse'));
    expect(api.calls.at(-1)).toMatchObject({
      path: '/auth/signup',
      body: { phone: PHONE, code: '482913', name: 'Hana Tesfaye', email: 'hana@example.com', userType: 'tenant', acceptTerms: true },
    });
    expect(localStorage.getItem('token')).toBe('tok-new');
  });

  it('does not go on until the Terms and the Privacy notice are accepted; their links open the notices in a new tab', async () => {
    const { api, user } = setup();
    await toProfile(user);
    await user.type(screen.getByLabelText('Full name'), 'Hana');
    await user.type(screen.getByLabelText('6-digit code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Please accept the Terms and the Privacy notice to create your account.');
    const box = screen.getByRole('checkbox', { name: 'I accept the Terms and the Privacy notice' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    screen.getByRole('heading', { level: 1, name: 'Your details' });
    for (const [name, href] of [
      ['Terms', '/terms'],
      ['Privacy notice', '/privacy'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual([href, '_blank']);
    }

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(api.calls.at(-1)).toMatchObject({ path: '/auth/signup', body: { acceptTerms: true } }));
  });

  it('Back from the plan goes to the code step, and back from the code to the phone', async () => {
    const { user } = setup();
    await toProfile(user);
    await fillProfile(user, { name: 'Hana' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Hana');
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('482913');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe(PHONE);
  });

  it('choosing a plan creates the account and opens the wallet with that sku highlighted', async () => {
    const { user } = setup('/signup?plan=SUB_TENANT_MONTHLY');
    await toProfile(user);
    await fillProfile(user, { name: 'Hana' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Your choice');
    await user.click(screen.getByRole('button', { name: /Choose.*10 Credits Bundle/ }));
    await waitFor(() => expect(location().textContent).toBe('/wallet'));
    expect(locationState()).toEqual({ highlightSku: 'CREDIT_BUNDLE_10' });
  });

  it('skipping with a pending message sends it and opens the conversation with the sent banner', async () => {
    const { api, user } = setup('/signup', { from: '/l/77', listingId: '77', pendingMessage: 'Is the flat still free?' });
    api.answer('POST', '/conversations', () => ({ body: { ok: true, conversation_id: 'c-9', created: true, message: sentMessage } }));
    await toProfile(user);
    await fillProfile(user, { name: 'Hana' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(location().textContent).toBe('/chat/c-9'));
    expect(locationState()).toEqual({ messageSent: true });
    const sent = api.calls.find((c) => c.path === '/conversations');
    expect(sent?.body).toEqual({ listing_id: '77', initial_message: 'Is the flat still free?' });
    expect(sent?.headers.authorization).toBe('Bearer tok-new');
  });

  it('a broker needs an agency name, skips the plan step and goes to /my-listings', async () => {
    const { api, user } = setup('/signup?role=delala');
    screen.getByText('Step 1 of 2');
    await toProfile(user);
    expect((screen.getByLabelText('I am') as HTMLSelectElement).value).toBe('delala');
    await fillProfile(user, { name: 'Dawit' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Agency name is required for brokers.');
    expect(api.calls.filter((c) => c.path === '/auth/signup')).toHaveLength(0);

    await user.type(screen.getByLabelText('Agency name'), 'Bole Brokers');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location().textContent).toBe('/my-listings'));
    expect(api.calls.at(-1)?.body).toMatchObject({ userType: 'delala', agencyName: 'Bole Brokers' });
  });

  it('a broker with a plan buys it right after signup and goes to /post/delala', async () => {
    const { api, user } = setup('/signup?role=delala&plan=post_subscription_delala_unlimited');
    api.answer('POST', '/purchase', () => ({
      body: {
        ok: true,
        purchase_id: 'p-1',
        sku: 'post_subscription_delala_unlimited',
        price_etb: 199,
        result: { credits_granted: 0, tenant_unlimited_active: false, post_credits_granted: 0, delala_unlimited_active: true },
        credits: 0,
        post_credits: 0,
        until: '2026-12-22T00:00:00.000Z',
        sub_tenant_unlimited_until: null,
        sub_delala_unlimited_until: '2026-12-22T00:00:00.000Z',
      },
    }));
    await toProfile(user);
    screen.getByText(/Your plan: Unlimited Monthly \(199 ETB\)/);
    await fillProfile(user, { name: 'Dawit', agency: 'Bole Brokers' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location().textContent).toBe('/post/delala'));
    const purchase = api.calls.find((c) => c.path === '/purchase');
    // The return path rides along, so a hosted checkout brings the broker back to posting.
    expect(purchase?.body).toEqual({ sku: 'post_subscription_delala_unlimited', return_path: '/post/delala' });
    expect(purchase?.headers.authorization).toBe('Bearer tok-new');
  });

  it('a broker whose plan goes through a hosted checkout is sent to the checkout page', async () => {
    const { api, user } = setup('/signup?role=delala&plan=post_subscription_delala_unlimited');
    api.answer('POST', '/purchase', () => ({
      body: { ok: true, status: 'pending', purchaseId: 'p-1', tx_ref: 'bt_x', checkout_url: 'https://checkout.chapa.co/checkout/payment/abc' },
    }));
    await toProfile(user);
    await fillProfile(user, { name: 'Dawit', agency: 'Bole Brokers' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://checkout.chapa.co/checkout/payment/abc'));
  });

  it('when that purchase fails, the broker is told the account exists and is sent to the wallet', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { api, user } = setup('/signup?role=delala&plan=post_credit_1');
    api.answer('POST', '/purchase', () => ({ status: 503, body: { ok: false, error: 'payment_unavailable', message: 'The server says why.' } }));
    await toProfile(user);
    await fillProfile(user, { name: 'Dawit', agency: 'Bole Brokers' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location().textContent).toBe('/wallet'));
    expect(alert).toHaveBeenCalledWith('Your account was created, but the payment failed. You can buy the plan from your wallet.');
    expect(locationState()).toEqual({ highlightSku: 'post_credit_1' });
    expect(localStorage.getItem('token')).toBe('tok-new');
  });

  it('a wrong code found at the last step returns to the code step with the field cleared', async () => {
    const { api, user } = setup();
    api.answer('POST', '/auth/signup', () => ({
      status: 400,
      body: { ok: false, error: 'invalid_code', message: 'The server says why.', fields: { code: 'invalid_code' } },
    }));
    await toProfile(user);
    await fillProfile(user, { name: 'Hana', code: '111111' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await screen.findByText('That code is not right. Please check it and try again.');
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Hana');
  });

  it('user_already_exists shows its message with a way to log in with the same phone and code', async () => {
    const { api, user, router } = setup();
    api.answer('POST', '/auth/signup', () => ({ status: 409, body: { ok: false, error: 'user_already_exists', message: 'The server says why.' } }));
    await toProfile(user);
    await fillProfile(user, { name: 'Hana' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await screen.findByText(/An account with this phone number already exists/);
    await user.click(screen.getByRole('link', { name: 'Log in with this number' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ phone: PHONE, code: '482913' });
  });

  it('agency_name_required from the server goes on the agency field', async () => {
    const { api, user } = setup('/signup?role=delala');
    api.answer('POST', '/auth/signup', () => ({ status: 400, body: { ok: false, error: 'agency_name_required', message: 'The server says why.' } }));
    await toProfile(user);
    await fillProfile(user, { name: 'Dawit', agency: 'X' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Agency name is required for brokers.');
    expect(screen.getByLabelText('Agency name').getAttribute('aria-invalid')).toBe('true');
  });

  it('speaks Amharic: steps, fields and the plan prices in birr', async () => {
    const api = fakeApi();
    api.answer('POST', '/auth/request-otp', () => ({ body: { ok: true, code: '482913', expires_in: 300, retry_after: 60 } }));
    renderApp({ routes: [{ path: '/signup', element: <SignupPage /> }], path: '/signup', lng: 'am' });
    const user = userEvent.setup();
    screen.getByText('ደረጃ 1 ከ3');
    await user.type(screen.getByLabelText('ስልክ ቁጥር'), PHONE);
    await user.click(screen.getByRole('button', { name: 'ኮድ ይላክልኝ' }));
    await screen.findByRole('heading', { level: 1, name: 'የእርስዎ መረጃ' });
    await user.type(screen.getByLabelText('ሙሉ ስም'), 'ሀና');
    await user.type(screen.getByLabelText('ባለ 6 አሃዝ ኮድ'), '482913');
    await acceptTerms(user, 'የአጠቃቀም ደንቦቹን እና የግላዊነት ማሳወቂያውን እቀበላለሁ');
    await user.click(screen.getByRole('button', { name: 'ይቀጥሉ' }));
    await screen.findByText('500 ብር');
  });
});
