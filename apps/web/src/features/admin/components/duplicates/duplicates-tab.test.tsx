import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminPage } from '../admin-page';
import { fakeApi } from '@/test/render';
import { cluster, envelope, renderAdmin } from '../../test/render-admin';

const routes = [{ path: '/admin', element: <AdminPage /> }];
const base = '/admin/moderation/duplicates/cluster-0000-c1c1c1';

function duplicatesApi() {
  const api = fakeApi();
  let items = [cluster()];
  api.answer('GET', '/admin/moderation/duplicates', () => envelope({ items }));
  for (const kind of ['merge', 'dismiss', 'remove']) {
    api.answer('POST', `${base}/${kind}`, () => {
      items = [];
      return envelope({ cluster: cluster({ status: kind === 'merge' ? 'merged' : kind === 'dismiss' ? 'dismissed' : 'removed' }) });
    });
  }
  return api;
}

describe('/admin duplicate review', { timeout: 20_000 }, () => {
  it('shows the listings with links, the first chosen to keep, and the signal lines', async () => {
    duplicatesApi();
    renderAdmin({ routes, path: '/admin?tab=duplicates' });
    const card = await screen.findByRole('article', { name: 'Cluster #c1c1c1' });
    expect(within(card).getByRole('link', { name: 'Listing listing-aaaa-111111' }).getAttribute('href')).toBe('/l/listing-aaaa-111111');
    expect(within(card).getByRole('link', { name: 'Listing listing-bbbb-222222' }).getAttribute('href')).toBe('/l/listing-bbbb-222222');
    expect((within(card).getByLabelText('Keep #111111 · Original flat') as HTMLInputElement).checked).toBe(true);
    within(card).getByText('92 — same photos, similar description');
  });

  it('merges keeping the chosen listing, then reloads to the empty state', async () => {
    const api = duplicatesApi();
    renderAdmin({ routes, path: '/admin?tab=duplicates' });
    const card = await screen.findByRole('article', { name: 'Cluster #c1c1c1' });
    fireEvent.click(within(card).getByLabelText('Keep #222222 · Copied flat'));
    fireEvent.click(within(card).getByRole('button', { name: 'Merge' }));
    await screen.findByText('No duplicate clusters awaiting review.');
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({ path: `${base}/merge`, body: { primaryListingId: 'listing-bbbb-222222' } });
    screen.getByText('Merged: the chosen listing stays, the others are hidden.');
    expect(api.callsTo('GET', '/admin/moderation/duplicates').length).toBe(2);
  });

  it('marks a false positive and hides all duplicates through their own calls', async () => {
    for (const [name, kind] of [
      ['Mark as false positive', 'dismiss'],
      ['Hide all duplicates', 'remove'],
    ] as const) {
      const api = duplicatesApi();
      const view = renderAdmin({ routes, path: '/admin?tab=duplicates' });
      const card = await screen.findByRole('article', { name: 'Cluster #c1c1c1' });
      fireEvent.click(within(card).getByRole('button', { name }));
      await screen.findByText('No duplicate clusters awaiting review.');
      expect(api.calls.find((c) => c.method === 'POST')!.path).toBe(`${base}/${kind}`);
      view.unmount();
    }
  });

  it('alerts "Select a primary listing to keep." for a cluster without listings', async () => {
    const api = fakeApi();
    api.answer('GET', '/admin/moderation/duplicates', () => envelope({ items: [cluster({ memberIds: [], members: [] })] }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAdmin({ routes, path: '/admin?tab=duplicates' });
    fireEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    expect(alert).toHaveBeenCalledWith('Select a primary listing to keep.');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows "Failed to load clusters" and "Action failed"', async () => {
    const api = fakeApi();
    api.answer('GET', '/admin/moderation/duplicates', () => ({ status: 500, body: { ok: false, error: 'internal_error', message: 'x' } }));
    const view = renderAdmin({ routes, path: '/admin?tab=duplicates' });
    await screen.findByText('Failed to load clusters');
    view.unmount();

    api.answer('GET', '/admin/moderation/duplicates', () => envelope({ items: [cluster()] }));
    api.answer('POST', `${base}/remove`, () => ({ status: 404, body: { ok: false, error: 'not_found', message: 'Cluster not found.' } }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAdmin({ routes, path: '/admin?tab=duplicates' });
    fireEvent.click(await screen.findByRole('button', { name: 'Hide all duplicates' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Action failed\nNot found.'));
  });
});
