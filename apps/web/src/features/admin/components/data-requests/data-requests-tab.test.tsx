import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/render';
import { AdminPage } from '../admin-page';
import { envelope, renderAdmin } from '../../test/render-admin';

const routes = [{ path: '/admin', element: <AdminPage /> }];
const item = (overrides: Record<string, unknown> = {}) => ({
  _id: 'r1',
  kind: 'export',
  status: 'downloaded',
  via: 'app',
  user_id: 'u1',
  created_at: '2026-11-20T08:00:00.000Z',
  ready_at: '2026-11-20T08:00:05.000Z',
  completed_at: '2026-11-20T08:10:00.000Z',
  ...overrides,
});

describe('/admin data requests', { timeout: 20_000 }, () => {
  it('lists exports and deletions with their dates, and deletes an account on a verified request after a second confirmation', async () => {
    const api = fakeApi();
    api.answer('GET', '/admin/account-requests', () =>
      envelope({ items: [item(), item({ _id: 'r2', kind: 'deletion', status: 'done', via: 'admin', ready_at: null })] }),
    );
    api.answer('POST', '/admin/account-requests/deletions', () => envelope({ request: item({ _id: 'r3', kind: 'deletion', status: 'done', via: 'admin' }) }));
    renderAdmin({ routes, path: '/admin?tab=requests' });
    const table = await screen.findByTestId('account-requests');
    const rows = within(table).getAllByRole('row');
    within(rows[1]!).getByText('Data export');
    within(rows[1]!).getByText('Downloaded');
    within(rows[2]!).getByText('By an admin');
    // The table scrolls sideways on a phone: a named region the keyboard can reach.
    const region = screen.getByRole('region', { name: 'Requests table (scrolls sideways)' });
    expect(region.contains(table)).toBe(true);
    expect(region.getAttribute('tabindex')).toBe('0');

    fireEvent.change(screen.getByLabelText('Phone number of the account'), { target: { value: '0911223344' } });
    fireEvent.change(screen.getByLabelText('Reason and how the person was verified'), { target: { value: 'Letter of 20 Nov, ID checked at the office' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(api.callsTo('POST', '/admin/account-requests/deletions')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete this account for good' }));
    await screen.findByText('The account was deleted.');
    await waitFor(() =>
      expect(api.callsTo('POST', '/admin/account-requests/deletions')[0]!.body).toEqual({
        phone: '0911223344',
        reason: 'Letter of 20 Nov, ID checked at the office',
      }),
    );
  });
});
