import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import { pendingMessageValue } from '@betoch/contracts/pending-message';
import { LoginPage } from './login-page';

const PHONE = '0911223344';

function renderLogin(state?: unknown) {
  return renderApp({ routes: [{ path: '/login', element: <LoginPage /> }], path: '/login', state });
}

function apiWithCode(code = '482913') {
  const api = fakeApi();
  api.answer('POST', '/auth/request-otp', () => ({ body: { ok: true, code, expires_in: 300, retry_after: 60 } }));
  return api;
}

/**
 * Advances fake time one second at a time, letting the countdown render each tick. Only the
 * clock and intervals are fake; timeouts stay real so Testing Library's waiting works.
 */
async function tick(seconds: number) {
  for (let i = 0; i < seconds; i += 1) {
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
  }
}

describe('/login', () => {
  it('asks for the phone, then shows the demo code and a 60 s countdown that goes down each second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = apiWithCode('482913');
    renderLogin();

    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: PHONE } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    await screen.findByRole('heading', { level: 1, name: 'Enter your code' });
    expect(api.callsTo('POST', '/auth/request-otp')[0]).toMatchObject({ method: 'POST', path: '/auth/request-otp', body: { phone: PHONE } });
    expect(screen.getByTestId('demo-code').textContent).toBe('482913');
    // Anyone can read the code here, so the banner says anyone can sign in as anyone, admins too.
    screen.getByText('Demo data: anyone can sign in as any account here, admins included.');
    screen.getByText('0911 22 33 44');

    const countdown = () => screen.getByTestId('resend-countdown').textContent;
    expect(countdown()).toBe('You can ask for a new code in 60 s');
    // Screen readers hear the start once, not every second.
    const status = screen.getByText('You can ask for a new code in 60 seconds.');
    expect(status.getAttribute('role')).toBe('status');
    await tick(1);
    expect(countdown()).toBe('You can ask for a new code in 59 s');
    await tick(10);
    expect(countdown()).toBe('You can ask for a new code in 49 s');
    expect(status.textContent).toBe('You can ask for a new code in 60 seconds.');
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();

    await tick(49);
    expect(screen.queryByTestId('resend-countdown')).toBeNull();
    expect(status.textContent).toBe('You can now ask for a new code.');

    // Resending starts the countdown again and shows the new code.
    api.answer('POST', '/auth/request-otp', () => ({ body: { ok: true, code: '100200', expires_in: 300, retry_after: 60 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(screen.getByTestId('demo-code').textContent).toBe('100200'));
    expect(countdown()).toBe('You can ask for a new code in 60 s');
    screen.getByText('We sent you a new code.');
  });

  it('cooldown_active starts the countdown from retry_after and says how long to wait', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = fakeApi();
    api.answer('POST', '/auth/request-otp', () => ({
      status: 429,
      body: { ok: false, error: 'cooldown_active', message: 'Please wait 42 seconds before requesting a new code.', retry_after: 42 },
    }));
    renderLogin();
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: PHONE } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    // The code sent earlier is still good: the code step opens with the wait named.
    await screen.findByText(/less than a minute ago.*in 42 seconds/);
    expect(screen.getByTestId('resend-countdown').textContent).toBe('You can ask for a new code in 42 s');
    expect(screen.queryByTestId('demo-code')).toBeNull();
    expect(screen.queryByText(/anyone can sign in/)).toBeNull();
    await tick(2);
    expect(screen.getByTestId('resend-countdown').textContent).toBe('You can ask for a new code in 40 s');
  });

  it('a wrong code shows the retry message and clears the code field', async () => {
    const user = userEvent.setup();
    const api = apiWithCode('482913');
    api.answer('POST', '/auth/verify-otp', () => ({
      status: 400,
      body: { ok: false, error: 'invalid_code', message: 'That code is not right. Please try again.', fields: { code: 'invalid_code' } },
    }));
    renderLogin();
    await user.type(screen.getByLabelText('Phone number'), PHONE);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByText('That code is not right. Please check it and try again.');
    expect((code as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.at(-1)).toMatchObject({ path: '/auth/verify-otp', body: { phone: PHONE, code: '111111' } });
  });

  it('the code field takes digits only, at most 6, with the numeric keyboard and one-time-code autofill', async () => {
    const user = userEvent.setup();
    apiWithCode();
    renderLogin();
    await user.type(screen.getByLabelText('Phone number'), PHONE);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = (await screen.findByLabelText('6-digit code')) as HTMLInputElement;
    // The code step opens on its field (the phone's number pad comes up).
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.inputMode).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.maxLength).toBe(6);
    await user.type(code, '12 34-5a6');
    expect(code.value).toBe('123456');
  });

  it('validates with the contract schema, in the user language', async () => {
    const user = userEvent.setup();
    const api = apiWithCode();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Please enter your phone number.');
    await user.type(screen.getByLabelText('Phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Please enter a valid phone number.');
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await user.type(screen.getByLabelText('Phone number'), '{Control>}a{/Control}0911223344');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findByText('Please enter the code.');
  });

  it('Back returns to the phone step with the phone kept', async () => {
    const user = userEvent.setup();
    apiWithCode();
    renderLogin();
    await user.type(screen.getByLabelText('Phone number'), PHONE);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    screen.getByRole('heading', { level: 1, name: 'Log in' });
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe(PHONE);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Phone number')));
  });

  it('signs in, stores the session and goes back where the user was sent from', async () => {
    const user = userEvent.setup();
    const api = apiWithCode('482913');
    api.answer('POST', '/auth/verify-otp', () => ({ body: { ok: true, token: 'tok-1', user: fakeUser() } }));
    renderLogin({ from: '/wallet' });
    screen.getByText('Please log in to continue.');
    await user.type(screen.getByLabelText('Phone number'), PHONE);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/wallet'));
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Hana Tesfaye');
    expect(localStorage.getItem('userType')).toBe('tenant');
  });

  it('sends a first message kept by the server (posted before the app ran) once signed in, and forgets it', async () => {
    const user = userEvent.setup();
    const api = apiWithCode('482913');
    api.answer('POST', '/auth/verify-otp', () => ({ body: { ok: true, token: 'tok-1', user: fakeUser() } }));
    const message = {
      _id: 'm1',
      role: 'tenant',
      body_text: 'ሰላም፣ ቤቱ አሁንም አለ?',
      blurred: false,
      masked: false,
      mine: true,
      createdAt: '2026-12-01T10:00:00.000Z',
    };
    api.answer('POST', '/conversations', () => ({ body: { ok: true, conversation_id: 'c-1', created: true, message } }));
    const listing = '3f1c2a9e-8b7d-4c6e-9a1f-0d2b3c4e5f60';
    document.cookie = `betoch_msg=${pendingMessageValue(listing, 'ሰላም፣ ቤቱ አሁንም አለ?')}; path=/`;
    renderLogin({ from: `/l/${listing}`, listingId: listing });
    await user.type(screen.getByLabelText('Phone number'), PHONE);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat/c-1'));
    expect(api.callsTo('POST', '/conversations').map((call) => call.body)).toEqual([{ listing_id: listing, initial_message: 'ሰላም፣ ቤቱ አሁንም አለ?' }]);
    expect(document.cookie).not.toContain('betoch_msg=');
  });

  it('without a from, success goes to / (which sends a signed-in user on); a foreign from is ignored', async () => {
    const user = userEvent.setup();
    const api = apiWithCode('482913');
    api.answer('POST', '/auth/verify-otp', () => ({ body: { ok: true, token: 'tok-1', user: fakeUser() } }));
    renderLogin({ from: '//evil.example/x' });
    await user.type(screen.getByLabelText('Phone number'), PHONE);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('user_not_found shows the invalid phone message and offers signup with the same phone and code', async () => {
    const user = userEvent.setup();
    const api = apiWithCode('482913');
    api.answer('POST', '/auth/verify-otp', () => ({
      status: 404,
      body: { ok: false, error: 'user_not_found', message: 'No account uses this phone number.' },
    }));
    const { router } = renderLogin({ from: '/l/abc' });
    await user.type(screen.getByLabelText('Phone number'), PHONE);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByText('Please enter a valid phone number.');
    screen.getByText('No account uses this number yet.');
    await user.click(screen.getByRole('link', { name: 'Sign up with this number' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(router.state.location.state).toEqual({ from: '/l/abc', phone: PHONE, code: '482913' });
  });

  it('other failures show the translated server error, or a generic text', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.answer('POST', '/auth/request-otp', () => ({ status: 429, body: { ok: false, error: 'rate_limited', message: 'Too many codes.' } }));
    renderApp({ routes: [{ path: '/login', element: <LoginPage /> }], path: '/login', lng: 'am' });
    await user.type(screen.getByLabelText('ስልክ ቁጥር'), PHONE);
    await user.click(screen.getByRole('button', { name: 'ኮድ ይላክልኝ' }));
    await screen.findByText('በጣም ብዙ ጥያቄዎች ደርሰዋል። እባክዎ ቆይተው ይሞክሩ።');

    api.answer('POST', '/auth/request-otp', () => ({ status: 500, body: { ok: false, error: 'something_new', message: 'The server says why.' } }));
    await user.click(screen.getByRole('button', { name: 'ኮድ ይላክልኝ' }));
    await screen.findByText('የሆነ ችግር ተፈጥሯል። እባክዎ እንደገና ይሞክሩ።');
  });
});
