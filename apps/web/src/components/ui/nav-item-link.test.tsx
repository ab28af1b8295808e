import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, NavLink } from 'react-router';
import { isCurrentPath, NavItemLink } from './nav-item-link';

afterEach(cleanup);

/** React Router's NavLink at `at`: whether it marks `to` current. */
function routerSays(at: string, to: string): boolean {
  render(
    <MemoryRouter initialEntries={[at]}>
      <NavLink to={to}>Router</NavLink>
    </MemoryRouter>,
  );
  const current = screen.getByRole('link', { name: 'Router' }).getAttribute('aria-current') === 'page';
  cleanup();
  return current;
}

describe('NavItemLink', () => {
  it("marks a link current where React Router's NavLink does", () => {
    const cases: Array<[string, string]> = [
      ['/wallet', '/wallet'],
      ['/wallet/topup', '/wallet'],
      ['/walletx', '/wallet'],
      ['/Wallet', '/wallet'],
      ['/', '/'],
      ['/browse', '/'],
      ['/chat/12', '/chat/'],
      ['/chat', '/chat/'],
      ['/notifications', '/notifications'],
      ['/privacy', '/terms'],
    ];
    for (const [at, to] of cases) expect(isCurrentPath(at, to), `${to} at ${at}`).toBe(routerSays(at, to));
  });

  it('says which link is the page shown, to screen readers and by its class, and follows links in place', () => {
    render(
      <MemoryRouter initialEntries={['/wallet/topup']}>
        <NavItemLink to="/wallet" className={(current) => (current ? 'here' : 'there')}>
          Wallet
        </NavItemLink>
        <NavItemLink to="/browse" className="plain">
          Browse
        </NavItemLink>
      </MemoryRouter>,
    );
    const wallet = screen.getByRole('link', { name: 'Wallet' });
    const browse = screen.getByRole('link', { name: 'Browse' });
    expect(wallet.getAttribute('aria-current')).toBe('page');
    expect(wallet.className).toBe('here');
    expect(browse.getAttribute('aria-current')).toBeNull();
    expect(browse.className).toBe('plain');
    fireEvent.click(browse);
    expect(screen.getByRole('link', { name: 'Browse' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Wallet' }).className).toBe('there');
  });
});
