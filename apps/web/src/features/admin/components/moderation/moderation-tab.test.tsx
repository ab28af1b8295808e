import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminPage } from '../admin-page';
import { fakeApi } from '@/test/render';
import { envelope, listingCase, renderAdmin } from '../../test/render-admin';

const routes = [{ path: '/admin', element: <AdminPage /> }];

function casesApi(items = [listingCase()]) {
  const api = fakeApi();
  api.answer('GET', '/admin/moderation/cases', (call) => envelope({ items: call.query.get('status') === 'open' ? items : [] }));
  api.answer('POST', '/admin/moderation/cases/case-0000-aaaaaa/actions', () => envelope({ case: { ...items[0], status: 'closed' } }));
  api.answer('GET', '/admin/fayda/revocations', () => envelope({ pending: [], decided: [] }));
  return api;
}

describe('/admin moderation queue', { timeout: 20_000 }, () => {
  it('lists open cases with the target, reports, automatic hide and the listing summary', async () => {
    const api = casesApi();
    renderAdmin({ routes, path: '/admin' });
    const card = await screen.findByRole('article', { name: 'Listing #abc123' });
    expect(Object.fromEntries(api.callsTo('GET', '/admin/moderation/cases')[0]!.query)).toEqual({ status: 'open', limit: '50' });
    within(card).getByText('3 reports · Fake ×2, Scam ×1');
    within(card).getByText('No action yet');
    within(card).getByText('Hidden automatically');
    within(card).getByText(/3 different people reported it/);
    expect(within(card).getByRole('link', { name: '2-Bedroom Apartment in Bole' }).getAttribute('href')).toBe('/l/listing-00000-abc123');
    within(card).getByText('25,000 ETB');
    within(card).getByText('40/100');
    within(card).getByText('Open reports');
    for (const name of ['Warn', 'Hide', 'Suspend', 'Ban', 'Restore']) within(card).getByRole('button', { name });
  });

  it('sends "Admin action: restore" when the notes are empty, the notes otherwise, and reloads the list', async () => {
    const api = casesApi();
    renderAdmin({ routes, path: '/admin' });
    const card = await screen.findByRole('article', { name: 'Listing #abc123' });
    fireEvent.click(within(card).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Restore done on #abc123. The list was reloaded.');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ action: 'restore', reason: 'Admin action: restore' });
    await waitFor(() => expect(api.callsTo('GET', '/admin/moderation/cases').length).toBe(2));

    fireEvent.input(within(card).getByLabelText(/Moderator notes/), { target: { value: 'Photos are the owner’s own' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Warn' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({ action: 'warn', reason: 'Photos are the owner’s own' });
  });

  it('asks before a ban or a suspension and does nothing when the admin says no', async () => {
    const api = casesApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderAdmin({ routes, path: '/admin' });
    const card = await screen.findByRole('article', { name: 'Listing #abc123' });
    fireEvent.click(within(card).getByRole('button', { name: 'Ban' }));
    expect(confirm).toHaveBeenCalledWith('Ban +251911000020? Their sessions end at once and they can no longer sign in.');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Suspend' }));
    expect(confirm).toHaveBeenLastCalledWith('Suspend +251911000020 for 7 days? They cannot post, message or unlock until then.');
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'suspend', reason: 'Admin action: suspend' }));
  });

  it('alerts "Action failed" with the reason when the server refuses', async () => {
    const api = casesApi();
    api.answer('POST', '/admin/moderation/cases/case-0000-aaaaaa/actions', () => ({
      status: 409,
      body: { ok: false, error: 'invalid_state', message: 'Hide applies to listings' },
    }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAdmin({ routes, path: '/admin' });
    const card = await screen.findByRole('article', { name: 'Listing #abc123' });
    fireEvent.click(within(card).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Action failed\nThis action is not possible right now.'));
  });

  it('switches to closed cases, shows their last action, and says when a list is empty', async () => {
    const api = fakeApi();
    api.answer('GET', '/admin/fayda/revocations', () => envelope({ pending: [], decided: [] }));
    api.answer('GET', '/admin/moderation/cases', (call) =>
      envelope({
        items:
          call.query.get('status') === 'closed'
            ? [listingCase({ status: 'closed', lastAction: 'hide', lastActionReason: 'Fake photos', lastActionBy: '+251911000002', autoActions: [] })]
            : [],
      }),
    );
    renderAdmin({ routes, path: '/admin' });
    await screen.findByText('No open cases. Reports land here.');
    fireEvent.click(screen.getByRole('button', { name: 'Closed Cases' }));
    const card = await screen.findByRole('article', { name: 'Listing #abc123' });
    expect(within(card).getByText('Hidden', { selector: 'strong' }).parentElement!.textContent).toBe('Hidden — Fake photos (by +251911000002)');
    within(card).getByText(/Fake photos/);
    expect(screen.getByRole('button', { name: 'Closed Cases' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows "Failed to load cases" with Try again', async () => {
    const api = fakeApi();
    api.answer('GET', '/admin/fayda/revocations', () => envelope({ pending: [], decided: [] }));
    let fail = true;
    api.answer('GET', '/admin/moderation/cases', () =>
      fail ? { status: 500, body: { ok: false, error: 'internal_error', message: 'Boom' } } : envelope({ items: [listingCase()] }),
    );
    renderAdmin({ routes, path: '/admin' });
    await screen.findByText('Failed to load cases');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Listing #abc123' });
  });

  it('speaks Amharic', async () => {
    casesApi();
    renderAdmin({ routes, path: '/admin', lng: 'am' });
    screen.getByRole('heading', { level: 1, name: 'የአስተዳዳሪ መቆጣጠሪያ ማዕከል' });
    const card = await screen.findByRole('article', { name: 'ማስታወቂያ #abc123' });
    within(card).getByRole('button', { name: 'መልስ' });
    within(card).getByText('በራስ-ሰር ተደብቋል');
  });
});
