import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import { LoginPage } from './login-page';
import { SignupPage } from './signup-page';

const TICKET = 'tg-ticket-abcdefghijklmnop';

function apiWithTelegram(login: 'oidc' | 'widget' | 'off' = 'oidc') {
  const api = fakeApi();
  api.answer('GET', '/auth/telegram/options', () => ({ body: { ok: true, login } }));
  return api;
}

function renderAt(path: string, lng: 'en' | 'am' = 'en', state?: unknown) {
  return renderApp({
    routes: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
    ],
    path,
    lng,
    state,
  });
}

describe("'Continue with Telegram'", () => {
  it('is a link to the server start route, with the page, the language and the way back, on /login and /signup', async () => {
    apiWithTelegram();
    renderAt('/login', 'en', { from: '/saved' });
    const link = await screen.findByRole('link', { name: 'Continue with Telegram' });
    expect(link.getAttribute('href')).toBe('/api/auth/telegram/start?page=login&lng=en&from=%2Fsaved');
  });

  it('speaks Amharic on /signup', async () => {
    apiWithTelegram();
    renderAt('/signup', 'am');
    const link = await screen.findByRole('link', { name: 'በቴሌግራም ይቀጥሉ' });
    expect(link.getAttribute('href')).toBe('/api/auth/telegram/start?page=signup&lng=am');
  });

  it('is not there when Telegram login is off', async () => {
    const api = apiWithTelegram('off');
    renderAt('/login');
    await waitFor(() => expect(api.callsTo('GET', '/auth/telegram/options')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Send code' });
    expect(screen.queryByRole('link', { name: 'Continue with Telegram' })).toBeNull();
  });

  it('back on /login with a ticket: trades it once for the session and goes where the person was going', async () => {
    const api = apiWithTelegram();
    api.answer('POST', '/auth/telegram/session', () => ({ body: { ok: true, token: 'tok-tg', user: fakeUser() } }));
    renderAt(`/login?telegram=${TICKET}&from=%2Fwallet`);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/wallet'));
    expect(api.callsTo('POST', '/auth/telegram/session')).toEqual([expect.objectContaining({ body: { ticket: TICKET } })]);
    expect(localStorage.getItem('token')).toBe('tok-tg');
    expect(api.callsTo('POST', '/auth/request-otp')).toHaveLength(0);
  });

  it('a spent ticket says so on /login, in Amharic too', async () => {
    const api = apiWithTelegram();
    api.answer('POST', '/auth/telegram/session', () => ({ status: 400, body: { ok: false, error: 'telegram_ticket_invalid', message: 'x' } }));
    renderAt(`/login?telegram=${TICKET}`, 'am');
    await screen.findByText('ያ የቴሌግራም መግቢያ ጊዜው አልፏል ወይም ቀድሞ ጥቅም ላይ ውሏል። እባክዎ እንደገና በቴሌግራም ይቀጥሉ።');
    screen.getByLabelText('ስልክ ቁጥር');
  });

  it('every failure brought back from Telegram has its message', async () => {
    apiWithTelegram();
    renderAt('/login?telegram_error=cancelled');
    await screen.findByText('You cancelled the Telegram sign-in. Try again, or use a code sent by SMS.');
  });

  it('back on /signup with a ticket: the verified phone, no code asked, and the ticket sent with the profile', async () => {
    const user = userEvent.setup();
    const api = apiWithTelegram();
    api.answer('POST', '/auth/telegram/signup-ticket', () => ({
      body: { ok: true, phone: '+251911770002', expires_at: new Date(Date.now() + 900_000).toISOString() },
    }));
    api.answer('POST', '/auth/signup', () => ({ status: 201, body: { ok: true, token: 'tok-new', user: fakeUser({ phone: '+251911770002' }) } }));
    renderAt(`/signup?telegram=${TICKET}`);
    await screen.findByText('0911 77 00 02');
    screen.getByText(/verified by Telegram/);
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
    await user.type(screen.getByLabelText('Full name'), 'Yonas Alemu');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(api.callsTo('POST', '/auth/signup')).toHaveLength(1));
    const body = api.callsTo('POST', '/auth/signup')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ phone: '+251911770002', telegramTicket: TICKET, name: 'Yonas Alemu' });
    expect(body.code).toBeUndefined();
    expect(api.callsTo('POST', '/auth/request-otp')).toHaveLength(0);
  });
});
