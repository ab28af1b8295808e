import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Guard } from '@/app/route-guard';
import { fakeUser } from '@/test/render';
import { AccessDenied } from './access-denied';
import { AdminPage } from './admin-page';
import { fakeApi } from '@/test/render';
import { envelope, renderAdmin } from '../test/render-admin';

const routes = (redirectAfterMs?: number) => [
  {
    path: '/admin',
    element: (
      <Guard role="admin" fallback={<AccessDenied redirectAfterMs={redirectAfterMs} />}>
        <AdminPage />
      </Guard>
    ),
  },
];
const tenant = fakeUser();

describe('/admin for someone who is not an admin', { timeout: 20_000 }, () => {
  it('says access is denied, offers the way home, and goes home on its own', async () => {
    const view = renderAdmin({ routes: routes(200), path: '/admin', user: tenant });
    screen.getByRole('heading', { level: 1, name: 'Access denied' });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    expect((await screen.findByTestId('location', {}, { timeout: 3000 })).textContent).toBe('/');
    view.unmount();
  });

  it('the link goes home at once, in Amharic too', async () => {
    renderAdmin({ routes: routes(60_000), path: '/admin', user: tenant, lng: 'am' });
    screen.getByRole('heading', { level: 1, name: 'መዳረሻ ተከልክሏል' });
    fireEvent.click(screen.getByRole('link', { name: 'ወደ መነሻ ገጽ' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });

  it('admins get the five tabs, and the arrow keys move between them', async () => {
    const api = fakeApi();
    api.answer('GET', '/admin/moderation/cases', () => envelope({ items: [] }));
    api.answer('GET', '/admin/moderation/duplicates', () => envelope({ items: [] }));
    api.answer('GET', '/admin/fayda/revocations', () => envelope({ pending: [], decided: [] }));
    renderAdmin({ routes: routes(), path: '/admin' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Moderation Queue', 'Duplicate Review', 'Payments & Adjustments', 'Metrics & Alerts', 'Data requests']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    await screen.findByText('No duplicate clusters awaiting review.');
    expect(screen.getByRole('tab', { name: 'Duplicate Review' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Duplicate Review' }));
  });
});
