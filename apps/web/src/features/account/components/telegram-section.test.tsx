import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import { TelegramSection } from './telegram-section';

const routes = [{ path: '/account', element: <TelegramSection /> }];

describe('Telegram on /account', { timeout: 20_000 }, () => {
  it('shows nothing when the site has no bot', async () => {
    const api = fakeApi();
    api.answer('GET', '/account/telegram', () => ({ body: { ok: true, available: false, linked: false, linked_at: null } }));
    renderApp({ routes, path: '/account', user: fakeUser() });
    await waitFor(() => expect(api.callsTo('GET', '/account/telegram')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Telegram' })).toBeNull());
  });

  it('connects with a one-time link in the reader’s language, then shows the link until Telegram confirms (Amharic)', async () => {
    const api = fakeApi();
    let linked = false;
    api.answer('GET', '/account/telegram', () => ({ body: { ok: true, available: true, linked, linked_at: linked ? '2026-11-29T06:00:00.000Z' : null } }));
    api.answer('POST', '/account/telegram/link', () => ({
      body: { ok: true, url: 'https://t.me/betoch_bot?start=abcdefghijklmnopqrstuvwxyz012345', expires_at: '2026-11-29T06:10:00.000Z' },
    }));
    renderApp({ routes, path: '/account', user: fakeUser(), lng: 'am' });
    const section = await screen.findByRole('region', { name: 'ቴሌግራም' });
    fireEvent.click(await within(section).findByRole('button', { name: 'ቴሌግራም ያገናኙ' }));
    const open = await within(section).findByRole('link', { name: 'ማገናኘቱን ለመጨረስ ቴሌግራምን ይክፈቱ' });
    expect(open.getAttribute('href')).toBe('https://t.me/betoch_bot?start=abcdefghijklmnopqrstuvwxyz012345');
    expect(api.callsTo('POST', '/account/telegram/link')[0]!.body).toEqual({ language: 'am' });
    linked = true;
    await within(section).findByRole('button', { name: 'ያቋርጡ' }, { timeout: 5000 });
  });

  it('disconnects', async () => {
    const api = fakeApi();
    let linked = true;
    api.answer('GET', '/account/telegram', () => ({ body: { ok: true, available: true, linked, linked_at: linked ? '2026-11-29T06:00:00.000Z' : null } }));
    api.answer('DELETE', '/account/telegram', () => {
      linked = false;
      return { body: { ok: true } };
    });
    renderApp({ routes, path: '/account', user: fakeUser() });
    const section = await screen.findByRole('region', { name: 'Telegram' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Disconnect' }));
    await within(section).findByRole('button', { name: 'Connect Telegram' });
  });

  it("demo mode's built-in bot: Connect links at once, then its messages show and a button answers in place", async () => {
    const api = fakeApi();
    let linked = false;
    let answered = false;
    api.answer('GET', '/account/telegram', () => ({
      body: { ok: true, available: true, demo_bot: true, linked, linked_at: linked ? '2026-11-29T06:00:00.000Z' : null },
    }));
    api.answer('POST', '/demo/telegram/connect', () => {
      linked = true;
      return { body: { ok: true } };
    });
    api.answer('GET', '/demo/telegram', () => ({
      body: {
        ok: true,
        linked: true,
        messages: [
          {
            id: 7,
            kind: 'text',
            text: 'Is Sunny flat still available?',
            buttons: [
              { text: 'Yes, still available', callback_data: 'f:a:token:sig' },
              { text: 'Rented', callback_data: 'f:r:token:sig' },
            ],
            at: '2026-11-29T06:01:00.000Z',
          },
        ],
      },
    }));
    api.answer('POST', '/demo/telegram/press', () => {
      answered = true;
      return { body: { ok: true, answer: 'Marked as rented: the listing is off the market.' } };
    });
    renderApp({ routes, path: '/account', user: fakeUser() });
    const section = await screen.findByRole('region', { name: 'Telegram' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Connect Telegram' }));
    await within(section).findByText('Is Sunny flat still available?', {}, { timeout: 5000 });
    expect(api.callsTo('POST', '/account/telegram/link')).toHaveLength(0);
    fireEvent.click(within(section).getByRole('button', { name: 'Rented' }));
    await within(section).findByText('Marked as rented: the listing is off the market.');
    expect(answered).toBe(true);
    expect(api.callsTo('POST', '/demo/telegram/press')[0]!.body).toEqual({ callback_data: 'f:r:token:sig' });
  });
});
