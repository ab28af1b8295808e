import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LandlordRedirect } from './landlord-redirect';
import { TenantSearchRedirect } from './tenant-search-redirect';
import { fakeUser, renderListings } from '../test/render-listings';
import { WhereAmI } from '@/test/render';
import { useLocation } from 'react-router';

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

describe('/landlord', { timeout: 20_000 }, () => {
  it('sends a signed-in landlord to /my-listings', async () => {
    renderListings({
      routes: [{ path: '/landlord', element: <LandlordRedirect /> }],
      path: '/landlord',
      user: fakeUser({ userType: 'landlord', roles: ['landlord'] }),
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/my-listings');
  });

  it('sends everyone else to /landlord/welcome', async () => {
    renderListings({ routes: [{ path: '/landlord', element: <LandlordRedirect /> }], path: '/landlord', user: fakeUser() });
    expect((await screen.findByTestId('location')).textContent).toBe('/landlord/welcome');
  });

  it('sends visitors to /landlord/welcome', async () => {
    renderListings({ routes: [{ path: '/landlord', element: <LandlordRedirect /> }], path: '/landlord' });
    expect((await screen.findByTestId('location')).textContent).toBe('/landlord/welcome');
  });
});

describe('/tenant/search', { timeout: 20_000 }, () => {
  it('goes to /browse with the same filters', async () => {
    renderListings({
      routes: [
        { path: '/tenant/search', element: <TenantSearchRedirect /> },
        {
          path: '/browse',
          element: (
            <>
              <WhereAmI />
              <Search />
            </>
          ),
        },
      ],
      path: '/tenant/search?subcity=Bole',
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/browse');
    expect(screen.getByTestId('search').textContent).toBe('?subcity=Bole');
  });
});
