import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeUser, renderApp } from '@/test/render';
import { Guard } from './route-guard';

function signIn(user = fakeUser()) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('userType', user.userType as string);
}

const routes = [
  {
    path: '/wallet',
    element: (
      <Guard>
        <p>Wallet content</p>
      </Guard>
    ),
  },
  {
    path: '/admin',
    element: (
      <Guard role="admin" fallback={<p>Access denied</p>}>
        <p>Admin content</p>
      </Guard>
    ),
  },
  {
    path: '/admin-strict',
    element: (
      <Guard role="admin">
        <p>Admin content</p>
      </Guard>
    ),
  },
];

describe('route guard', () => {
  it('sends a signed-out visitor to /login, remembering the page', async () => {
    const { router } = renderApp({ routes, path: '/wallet?tab=buy' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/wallet?tab=buy' });
  });

  it('shows the content to a signed-in user', () => {
    signIn();
    renderApp({ routes, path: '/wallet' });
    screen.getByText('Wallet content');
  });

  it('shows a loading indicator while the session loads (a token, the user not yet known)', () => {
    localStorage.setItem('token', 'tok');
    renderApp({ routes, path: '/wallet' });
    screen.getByRole('status', { name: 'Loading…' });
    expect(screen.queryByText('Wallet content')).toBeNull();
  });

  it('shows the fallback to a user without the role, or sends them to /', async () => {
    signIn();
    renderApp({ routes, path: '/admin' });
    screen.getByText('Access denied');
    expect(screen.queryByText('Admin content')).toBeNull();

    const { router } = renderApp({ routes, path: '/admin-strict' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets an admin in', () => {
    signIn(fakeUser({ roles: ['tenant', 'admin'] }));
    renderApp({ routes, path: '/admin' });
    screen.getByText('Admin content');
  });
});
