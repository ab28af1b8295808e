import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOwnerListing } from '@betoch/contracts/listings';
import { MyListingsPage } from './my-listings-page';
import { fakeApi } from '@/test/render';
import { ownerListing } from '@/test/listings';
import { fakeUser, renderListings } from '../test/render-listings';

const routes = [{ path: '/my-listings', element: <MyListingsPage /> }];
const landlord = fakeUser({ userType: 'landlord', roles: ['landlord'], name: 'Abebe Kebede' });
const broker = fakeUser({ userType: 'delala', roles: ['delala'], name: 'Tigist Haile', agency_name: 'Addis Home Finders' });

function mine(listings: TOwnerListing[], landlordLive: number, delalaLive = 0) {
  const api = fakeApi();
  api.answer('GET', '/listings/my-listings', () => ({
    body: {
      ok: true,
      listings: listings.map((listing) => ({ ...listing, saved_count: 0 })),
      stats: {
        landlord_live: landlordLive,
        delala_live: delalaLive,
        live: landlordLive + delalaLive,
        draft: 0,
        total: listings.length,
        remaining_slots: Math.max(0, 3 - landlordLive),
      },
    },
  }));
  return api;
}

describe('/my-listings', { timeout: 20_000 }, () => {
  it('welcomes a landlord with the three stat cards, the live listings in the grid and the drafts apart below', async () => {
    mine([ownerListing({ _id: 'l1', title: 'Live flat' }), ownerListing({ _id: 'l2', title: 'Rented flat', visibility: 'draft' })], 1);
    renderListings({ routes, path: '/my-listings', user: landlord });

    screen.getByRole('heading', { level: 1, name: 'Welcome, Abebe Kebede' });
    await screen.findAllByRole('article');
    const term = (label: string) => screen.getByText(label).parentElement!;
    within(term('Live Listings')).getByText('1');
    within(term('Published')).getByText('2');
    within(term('Remaining Slots')).getByText('2');
    expect(screen.queryByText('You have 3 live listings')).toBeNull();

    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    within(cards[1]!).getByText('Draft · hidden');
    // The grid holds only the live listing; the draft has its own section, with its own count.
    const grid = screen.getByRole('list', { name: 'Your listings' });
    expect(within(grid).getAllByRole('article')).toHaveLength(1);
    within(grid).getByText('Live flat');
    screen.getByRole('heading', { level: 2, name: 'Your listing (1)' });
    const drafts = screen.getByRole('region', { name: 'Draft (1)' });
    within(drafts).getByText('Rented flat');
    within(drafts).getByText('Renters do not see drafts. Open one to finish it and publish it.');
    expect(within(cards[0]!).getByRole('link', { name: 'Manage: Live flat' }).getAttribute('href')).toBe('/l/l1');
    expect(screen.getByRole('link', { name: /Add property/ }).getAttribute('href')).toBe('/post-property');
  });

  it('says when nothing is live and only drafts are left', async () => {
    mine([ownerListing({ _id: 'l2', title: 'Rented flat', visibility: 'draft' })], 0);
    renderListings({ routes, path: '/my-listings', user: landlord });
    await screen.findAllByRole('article');
    screen.getByRole('heading', { level: 2, name: 'Your listings (0)' });
    screen.getByText('None of your listings is live right now. Publish a draft below to show it to renters.');
    within(screen.getByRole('region', { name: 'Draft (1)' })).getByText('Rented flat');
  });

  it('shows the limit banner and no slot left at 3 live listings', async () => {
    mine([ownerListing({ _id: 'a' }), ownerListing({ _id: 'b' }), ownerListing({ _id: 'c' })], 3);
    renderListings({ routes, path: '/my-listings', user: landlord });
    await screen.findByText('You have 3 live listings');
    await screen.findAllByRole('article');
    within(screen.getByText('Remaining Slots').parentElement!).getByText('0');
  });

  it('shows brokers their live count and sends Add to the broker page', async () => {
    mine([ownerListing({ source: 'delala' })], 0, 1);
    renderListings({ routes, path: '/my-listings', user: broker });
    await screen.findAllByRole('article');
    within(screen.getByText('Live Broker Listings').parentElement!).getByText('1');
    expect(screen.queryByText('Remaining Slots')).toBeNull();
    expect(screen.getByRole('link', { name: /Add property/ }).getAttribute('href')).toBe('/post/delala');
  });

  it('has an empty state with the way to post', async () => {
    mine([], 0);
    renderListings({ routes, path: '/my-listings', user: landlord });
    await screen.findByRole('heading', { name: 'No listings yet' });
    expect(screen.getByRole('link', { name: 'Post your first home' }).getAttribute('href')).toBe('/post-property');
  });

  it('says Failed to load listings, and Try again asks again', async () => {
    const api = fakeApi();
    let fail = true;
    api.answer('GET', '/listings/my-listings', () =>
      fail
        ? { status: 503, body: { ok: false, error: 'not_ready', message: 'x' } }
        : { body: { ok: true, listings: [], stats: { landlord_live: 0, delala_live: 0, live: 0, draft: 0, total: 0, remaining_slots: 3 } } },
    );
    renderListings({ routes, path: '/my-listings', user: landlord });
    await screen.findByText('Failed to load listings');
    screen.getByText('The service is starting. Please try again shortly.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'No listings yet' });
  });

  it('shows the success notice after mark as rented or delete', async () => {
    mine([], 0);
    renderListings({ routes, path: '/my-listings', user: landlord, state: { notice: 'deleted' } });
    await screen.findByText('Listing deleted.');
  });

  it('sends tenants home', async () => {
    fakeApi();
    renderListings({ routes, path: '/my-listings', user: fakeUser() });
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });

  it('reads in Amharic', async () => {
    mine([ownerListing()], 1);
    renderListings({ routes, path: '/my-listings', user: landlord, lng: 'am' });
    screen.getByRole('heading', { level: 1, name: 'እንኳን ደህና መጡ፣ Abebe Kebede' });
    await screen.findByText('የቀሩ ቦታዎች');
  });
});
