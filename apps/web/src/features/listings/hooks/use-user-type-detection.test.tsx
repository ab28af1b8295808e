import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserTypeDetector } from '../components/user-type-detector';
import { fakeApi } from '@/test/render';
import { fakeUser, myListing, renderListings } from '../test/render-listings';

function signInWithoutType(user: ReturnType<typeof fakeUser>) {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify(user));
}

const stats = (landlordLive: number) => ({ landlord_live: landlordLive, delala_live: 0, live: landlordLive, draft: 0, total: 0, remaining_slots: 3 });

describe('user-type detection', { timeout: 20_000 }, () => {
  it('stores landlord when the own listings show landlord_live above 0', async () => {
    fakeApi().answer('GET', '/listings/my-listings', () => ({ body: { ok: true, listings: [], stats: stats(1) } }));
    signInWithoutType(fakeUser({ userType: 'tenant' }));
    renderListings({ routes: [{ path: '/', element: <UserTypeDetector /> }], path: '/' });
    await waitFor(() => expect(localStorage.getItem('userType')).toBe('landlord'));
  });

  it('stores landlord when any own listing has source landlord', async () => {
    fakeApi().answer('GET', '/listings/my-listings', () => ({
      body: { ok: true, listings: [myListing({ visibility: 'draft', source: 'landlord' })], stats: stats(0) },
    }));
    signInWithoutType(fakeUser({ userType: 'tenant' }));
    renderListings({ routes: [{ path: '/', element: <UserTypeDetector /> }], path: '/' });
    await waitFor(() => expect(localStorage.getItem('userType')).toBe('landlord'));
  });

  it("keeps the account's own type otherwise", async () => {
    fakeApi().answer('GET', '/listings/my-listings', () => ({ body: { ok: true, listings: [], stats: stats(0) } }));
    signInWithoutType(fakeUser({ userType: 'delala', roles: ['delala'] }));
    renderListings({ routes: [{ path: '/', element: <UserTypeDetector /> }], path: '/' });
    await waitFor(() => expect(localStorage.getItem('userType')).toBe('delala'));
  });

  it('asks nothing when the type is known, or nobody is signed in', async () => {
    const api = fakeApi();
    renderListings({ routes: [{ path: '/', element: <UserTypeDetector /> }], path: '/', user: fakeUser() });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls).toHaveLength(0);
  });
});
