import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TOwnerListing } from '@betoch/contracts/listings';
import { fakeApi, fakeUser, renderApp } from '@/test/render';
import { PostDelalaPage } from './post-delala-page';

const routes = [{ path: '/post/delala', element: <PostDelalaPage /> }];
const photo = { url: '/p/a.webp', key: 'uploads/a', width: 640, height: 480, sizes: [{ width: 320, height: 240, url: '/p/a-320.webp' }], placeholder: '' };

function draft(overrides: Partial<TOwnerListing>): TOwnerListing {
  return {
    _id: 'd1',
    title: 'Condominium in Lideta',
    description: 'Third floor condominium with a lift.',
    type: 'condo',
    price_etb: 16500,
    bedrooms: 3,
    bathrooms: null,
    area_sqm: null,
    specific_location: null,
    subcity: 'Lideta',
    source: 'delala',
    contact_preference: 'hide',
    visibility: 'draft',
    photos: [photo],
    posted_by: { name: 'Dawit', agency_name: null, is_broker: true },
    published_at: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    access: 'poster',
    poster_phone: '+251911223344',
    admin_hidden: false,
    hidden_reason: null,
    title_generated: false,
    advance_months: null,
    deposit_etb: null,
    broker_fee_etb: null,
    broker_fee_percent: null,
    confirmed_at: null,
    confirm_asked_at: null,
    expired_at: null,
    expired_reason: null,
    ...overrides,
  } as TOwnerListing;
}

function setUp(credits: number, listings: TOwnerListing[]) {
  const user = fakeUser({ userType: 'delala', roles: ['delala'], name: 'Dawit', post_credits: credits });
  const api = fakeApi();
  api.answer('GET', '/auth/me', () => ({ body: { ok: true, ...user } }));
  api.answer('GET', '/listings/my-listings', () => ({
    body: {
      ok: true,
      listings: listings.map((listing) => ({ ...listing, saved_count: 0 })),
      stats: { landlord_live: 0, delala_live: 0, live: 0, draft: listings.length, total: listings.length, remaining_slots: 3 },
    },
  }));
  return { api, user };
}

describe('/post/delala', { timeout: 20_000 }, () => {
  it('warns a broker with 0 post credits before anything is filled in, with a purchase that comes back here', async () => {
    const { user } = setUp(0, []);
    renderApp({ routes, path: '/post/delala', user });
    await screen.findByText('You have 0 post credits');
    screen.getByText('0 post credits left');
    await screen.findByRole('heading', { level: 2, name: /Property info/ });
    fireEvent.click(screen.getByRole('link', { name: 'Buy post credits' }));
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/wallet');
    expect(JSON.parse(where.dataset.state!)).toEqual({ returnTo: '/post/delala', returnAfterPurchase: true, highlightSku: 'post_credit_1' });
  });

  it('continues the named draft with its photos and publishes it instead of creating another', async () => {
    const { api, user } = setUp(1, [draft({ _id: 'd0', updatedAt: '2026-11-22T10:00:00.000Z' }), draft({ _id: 'd1' })]);
    api.answer('PATCH', '/listings/d1', () => ({ body: { ok: true, listing: draft({}) } }));
    api.answer('POST', '/listings/d1/publish', () => ({ body: { ok: true, listing: draft({ visibility: 'live' }), post_credits: 0 } }));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderApp({ routes, path: '/post/delala?draft=d1', user });

    await screen.findByText('Continuing your unfinished listing');
    expect(screen.queryByText('You have 0 post credits')).toBeNull();
    screen.getByRole('heading', { level: 2, name: /Review & publish/ });
    screen.getByText('1 photo');
    fireEvent.click(screen.getByRole('button', { name: 'Publish listing' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/my-listings');
    expect(alert).toHaveBeenCalledWith('Listing published! You have 0 post credits left.');
    expect(api.callsTo('POST', '/listings')).toHaveLength(0);
    expect(api.callsTo('PATCH', '/listings/d1').at(-1)?.body).toEqual({ photos: ['uploads/a'] });
    await waitFor(() => expect(api.callsTo('POST', '/listings/d1/publish')).toHaveLength(1));
    alert.mockRestore();
  });

  it('without a named draft continues the latest one, on step 1 while it is not complete', async () => {
    const { user } = setUp(2, [draft({ _id: 'd0', updatedAt: '2026-11-22T10:00:00.000Z', photos: [], description: 'The latest one.' }), draft({ _id: 'd1' })]);
    renderApp({ routes, path: '/post/delala', user });
    await screen.findByText('Continuing your unfinished listing');
    // The latest draft has no photos yet: it opens on step 1, filled in.
    screen.getByRole('heading', { level: 2, name: /Property info/ });
    expect((screen.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe('The latest one.');
  });
});
