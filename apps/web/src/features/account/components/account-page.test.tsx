import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import { AccountPage } from './account-page';

const routes = [{ path: '/account', element: <AccountPage /> }];
const broker = fakeUser({ userType: 'delala', agency_name: 'Dawit Homes', name: 'Dawit' });
const exportState = (status: string) => ({
  status,
  requested_at: '2026-11-20T08:00:00.000Z',
  ready_at: status === 'requested' ? null : '2026-11-20T08:00:05.000Z',
  expires_at: status === 'ready' ? '2026-11-21T08:00:05.000Z' : null,
  next_allowed_at: '2099-11-21T08:00:00.000Z',
});

describe('/account', { timeout: 20_000 }, () => {
  it('shows the profile, sign-ins and asks for a copy of the data; a second copy within 24 hours is refused in words', async () => {
    const api = fakeApi();
    api.answer('GET', '/account', () => ({ body: { ok: true, sign_ins: [{ at: '2026-11-20T07:00:00.000Z', device: 'Unknown device' }], export: null } }));
    api.answer('POST', '/account/export', () => ({ status: 429, body: { ok: false, error: 'export_too_soon', message: 'x', retry_after: 3600 } }));
    renderApp({ routes, path: '/account', user: broker });
    screen.getByRole('heading', { level: 1, name: 'Your account' });
    expect((screen.getByLabelText('Agency name') as HTMLInputElement).value).toBe('Dawit Homes');
    await screen.findByText('Unknown device');
    const data = screen.getByRole('region', { name: 'Download my data' });
    fireEvent.click(within(data).getByRole('button', { name: 'Prepare my data' }));
    await within(data).findByText('You can ask for a copy of your data once every 24 hours.');
  });

  it('while the file is prepared it says so; once ready it offers the single download', async () => {
    const api = fakeApi();
    let state = exportState('requested');
    api.answer('GET', '/account', () => ({ body: { ok: true, sign_ins: [], export: state } }));
    renderApp({ routes, path: '/account', user: fakeUser() });
    const data = screen.getByRole('region', { name: 'Download my data' });
    await within(data).findByText('We are preparing your file. This page updates by itself.');
    expect(within(data).queryByRole('button', { name: 'Prepare my data' })).toBeNull();
    state = exportState('ready');
    await within(data).findByRole('button', { name: 'Download my data' }, { timeout: 5000 });
  });

  it('deletion says what goes and what stays, and needs the code sent to the phone (Amharic)', async () => {
    const api = fakeApi();
    api.answer('GET', '/account', () => ({ body: { ok: true, sign_ins: [], export: null } }));
    api.answer('POST', '/account/delete/request-code', () => ({ body: { ok: true, code: '123456', expires_in: 300, retry_after: 60 } }));
    api.answer('POST', '/account/delete', (call) =>
      (call.body as { code: string }).code === '123456'
        ? { body: { ok: true } }
        : { status: 400, body: { ok: false, error: 'invalid_code', message: 'x', fields: { code: 'invalid_code' } } },
    );
    renderApp({ routes, path: '/account', user: fakeUser(), lng: 'am' });
    const section = screen.getByRole('region', { name: 'መለያዬን ሰርዝ' });
    within(section).getByText(/የክፍያ መዝገቦች/);
    fireEvent.click(within(section).getByRole('button', { name: 'መለያዬን ሰርዝ' }));
    expect((await within(section).findByTestId('demo-code')).textContent).toBe('123456');
    const confirm = within(section).getByRole('button', { name: 'እስከመጨረሻው ሰርዝ' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(section).getByLabelText('ኮድ'), { target: { value: '000000' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('POST', '/account/delete')).toHaveLength(1));
    await within(section).findByRole('alert');
    fireEvent.change(within(section).getByLabelText('ኮድ'), { target: { value: '123456' } });
    fireEvent.click(confirm);
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
