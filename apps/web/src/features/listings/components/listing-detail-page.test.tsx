import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import { ListingDetailPage } from './listing-detail-page';
import { fakeApi } from '@/test/render';
import { ownerListing, publicListing } from '@/test/listings';
import { fakeUser, renderListings } from '../test/render-listings';

const ID = '11111111-1111-4111-8111-111111111111';
const routes = [{ path: '/l/:id', element: <ListingDetailPage /> }];
const landlord = fakeUser({ phone: '+251911000020', sub: '+251911000020', userType: 'landlord', roles: ['landlord'], name: 'Abebe Kebede' });

function answerListing(listing: unknown, status = 200) {
  const api = fakeApi();
  api.answer('GET', `/listings/${ID}`, () => (status === 200 ? { body: { ok: true, listing } } : { status, body: listing }));
  return api;
}

describe('/l/{id} for a visitor', { timeout: 20_000 }, () => {
  it('shows every field: price, title, place, facts with studio, description, posted-by and dates', async () => {
    answerListing(publicListing({ bedrooms: 0, bathrooms: 1, area_sqm: 35, type: 'apartment' }));
    renderListings({ routes, path: `/l/${ID}` });

    await screen.findByRole('heading', { level: 1, name: '2-Bedroom Apartment near Edna Mall' });
    // The price, and again as the first month of the move-in cost.
    expect(screen.getAllByText('25,000 ETB')).toHaveLength(2);
    screen.getByText('Edna Mall, Bole subcity');
    screen.getByText('Studio');
    screen.getByText('1 bathroom');
    screen.getByText('35 m²');
    // The description and dates come once the top of the page is shown, the contact panel's
    // code is loaded then.
    await screen.findByText('Bright apartment with a balcony. Water tank and a guard.');
    screen.getByText('Posted by the owner');
    screen.getByText('November 20, 2026');
    screen.getByText('November 21, 2026');
    expect(screen.queryByText('Listed by a broker (delala)')).toBeNull();
    // The visitor's panel, not the owner's.
    await screen.findByRole('heading', { name: 'Contact the owner' });
    expect(screen.queryByRole('heading', { name: 'Manage your listing' })).toBeNull();
  });

  it("shows contact details the server hid in the listing's text in the reader's words, English and Amharic", async () => {
    const listing = publicListing({
      title: `Flat in Bole, call ${CONTACT_MASK}`,
      specific_location: `Near Edna Mall ${CONTACT_MASK}`,
      description: `Bright flat. Phone ${CONTACT_MASK} or ${CONTACT_MASK}.`,
    });
    answerListing(listing);
    const { unmount } = renderListings({ routes, path: `/l/${ID}` });
    const hidden = '[contact hidden – use the contact button]';
    await screen.findByRole('heading', { level: 1, name: `Flat in Bole, call ${hidden}` });
    screen.getByText(`Near Edna Mall ${hidden}, Bole subcity`);
    await screen.findByText(`Bright flat. Phone ${hidden} or ${hidden}.`);
    expect(document.body.textContent).not.toContain(CONTACT_MASK);
    unmount();

    answerListing(listing);
    renderListings({ routes, path: `/l/${ID}`, lng: 'am' });
    await screen.findByRole('heading', { level: 1, name: 'Flat in Bole, call [የመገኛ መረጃ ተደብቋል – የመገናኛ ቁልፉን ይጠቀሙ]' });
    await screen.findByText('Bright flat. Phone [የመገኛ መረጃ ተደብቋል – የመገናኛ ቁልፉን ይጠቀሙ] or [የመገኛ መረጃ ተደብቋል – የመገናኛ ቁልፉን ይጠቀሙ].');
    expect(document.body.textContent).not.toContain(CONTACT_MASK);
  });

  it('leads back to the search it was opened from, filters kept', async () => {
    answerListing(publicListing());
    renderListings({ routes, path: `/l/${ID}`, state: { from: '/browse?subcity=Bole' } });
    expect((await screen.findByRole('link', { name: /All homes/ })).getAttribute('href')).toBe('/browse?subcity=Bole');
  });

  it('shows the broker notice and the agency for a broker listing', async () => {
    answerListing(publicListing({ source: 'delala', posted_by: { name: 'Tigist', agency_name: 'Addis Home Finders', is_broker: true } }));
    renderListings({ routes, path: `/l/${ID}` });
    await screen.findByText('Listed by a broker (delala)');
    screen.getByText('Broker · Addis Home Finders');
    await screen.findByRole('heading', { name: 'Contact the broker' });
  });

  it('shows the first photo large and loaded first, the next four small, and how many more there are; each a link to its own page', async () => {
    answerListing(publicListing());
    renderListings({ routes, path: `/l/${ID}` });
    const main = await screen.findByRole('link', { name: 'Open photo 1 of 7' });
    expect(main.querySelector('img')!.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('href')).toBe(`/l/${ID}?photo=1`);
    const second = screen.getByRole('link', { name: 'Open photo 2 of 7' });
    expect(second.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    expect(second.getAttribute('href')).toBe(`/l/${ID}?photo=2`);
    screen.getByRole('link', { name: 'Open photo 4 of 7' });
    expect(screen.getByRole('link', { name: 'Open photo 5 of 7 (2 more)' }).getAttribute('href')).toBe(`/l/${ID}?photo=5`);
    expect(screen.queryByRole('link', { name: /Open photo 6/ })).toBeNull();
  });

  it('opens the viewer at a photo in place, steps with the arrow keys and buttons, closes, and gives focus back', async () => {
    answerListing(publicListing());
    const { router } = renderListings({ routes, path: `/l/${ID}` });
    const thumb = await screen.findByRole('link', { name: 'Open photo 2 of 7' });
    thumb.focus();
    // The app is live: the link's page is not opened, the viewer is.
    expect(fireEvent.click(thumb)).toBe(false);
    expect(router.state.location.search).toBe('');

    const viewer = screen.getByRole('dialog', { name: /Photos of/ });
    within(viewer).getByText('2 / 7');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    within(viewer).getByText('3 / 7');
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    within(viewer).getByText('1 / 7');
    fireEvent.click(within(viewer).getByRole('button', { name: 'Previous photo' }));
    within(viewer).getByText('7 / 7');
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('Photo 7 of 7: 2-Bedroom Apartment near Edna Mall');

    // Escape: the browser fires 'cancel' on the dialog.
    fireEvent(viewer, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(viewer.hasAttribute('open')).toBe(false));
    expect(document.activeElement).toBe(thumb);
  });

  it('a press that asks for a new tab leaves the photo to its link', async () => {
    answerListing(publicListing());
    renderListings({ routes, path: `/l/${ID}` });
    const thumb = await screen.findByRole('link', { name: 'Open photo 2 of 7' });
    expect(fireEvent.click(thumb, { ctrlKey: true })).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('?photo=n shows that photo alone, full size, with links to the one before, the one after and back to the listing', async () => {
    answerListing(publicListing());
    const { router } = renderListings({ routes, path: `/l/${ID}?photo=7` });
    await screen.findByRole('heading', { level: 1, name: 'Photos of 2-Bedroom Apartment near Edna Mall' });
    screen.getByText('7 / 7');
    const photo = screen.getByRole('img', { name: 'Photo 7 of 7: 2-Bedroom Apartment near Edna Mall' });
    expect(photo.getAttribute('sizes')).toBe('100vw');
    expect(photo.getAttribute('loading')).toBe('eager');
    // Nothing else of the listing's page.
    expect(screen.queryByRole('heading', { name: 'About this home' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Open photo/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous photo' }).getAttribute('href')).toBe(`/l/${ID}?photo=6`);
    // After the last, the first.
    expect(screen.getByRole('link', { name: 'Next photo' }).getAttribute('href')).toBe(`/l/${ID}?photo=1`);
    expect(screen.getByRole('link', { name: 'Close' }).getAttribute('href')).toBe(`/l/${ID}`);

    // With the app live the links move in place, the next photo replacing this one in the history.
    fireEvent.click(screen.getByRole('link', { name: 'Next photo' }));
    await screen.findByText('1 / 7');
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(screen.getByRole('link', { name: 'Close' }));
    await screen.findByRole('heading', { level: 1, name: '2-Bedroom Apartment near Edna Mall' });
  });

  it('?photo=n in Amharic; a number that is no photo of the listing shows the listing', async () => {
    answerListing(publicListing());
    const { unmount } = renderListings({ routes, path: `/l/${ID}?photo=2`, lng: 'am' });
    await screen.findByRole('heading', { level: 1, name: /^የ.+ ፎቶዎች$/ });
    screen.getByText('2 / 7');
    screen.getByRole('img', { name: /^ፎቶ 2 ከ7፦ / });
    screen.getByRole('link', { name: 'ቀጣይ ፎቶ' });
    unmount();

    for (const n of ['0', '8', 'two']) {
      answerListing(publicListing());
      const view = renderListings({ routes, path: `/l/${ID}?photo=${n}` });
      await screen.findByRole('heading', { level: 1, name: '2-Bedroom Apartment near Edna Mall' });
      screen.getByRole('link', { name: 'Open photo 1 of 7' });
      view.unmount();
    }
  });

  it('says so when the listing does not exist', async () => {
    answerListing({ ok: false, error: 'not_found', message: 'Listing not found.' }, 404);
    renderListings({ routes, path: `/l/${ID}` });
    await screen.findByRole('heading', { name: 'Listing not found' });
    screen.getByText('It may have been rented or removed by its owner.');
    expect(screen.getByRole('link', { name: 'Browse other homes' }).getAttribute('href')).toBe('/browse');
  });

  it('shows the failure with a back button when the listing cannot load', async () => {
    answerListing({ ok: false, error: 'internal_error', message: 'Database down' }, 500);
    renderListings({ routes, path: `/l/${ID}` });
    await screen.findByText('Could not load this listing');
    screen.getByText('Something went wrong on our side. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/browse');
  });

  it('in Amharic: studio, ብር, subcity and the contact panel', async () => {
    answerListing(publicListing({ bedrooms: 0, subcity: 'Nefas Silk-Lafto' }));
    renderListings({ routes, path: `/l/${ID}`, lng: 'am' });
    await screen.findAllByText('25,000 ብር');
    screen.getByText('ስቱዲዮ');
    screen.getByText('Edna Mall, ንፋስ ስልክ ላፍቶ ክፍለ ከተማ');
    await screen.findByRole('heading', { name: 'ባለቤቱን ያግኙ' });
  });
});

describe('/l/{id} for its owner', { timeout: 20_000 }, () => {
  it('shows the manage panel instead of the contact panel', async () => {
    answerListing(ownerListing());
    renderListings({ routes, path: `/l/${ID}`, user: landlord });
    await screen.findByRole('heading', { name: 'Manage your listing' });
    expect(screen.queryByRole('heading', { name: 'Contact the owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit listing' }).getAttribute('href')).toBe(`/post/owner?edit=${ID}`);
  });

  it('opens the messages of this listing', async () => {
    answerListing(ownerListing());
    renderListings({ routes, path: `/l/${ID}`, user: landlord });
    fireEvent.click(await screen.findByRole('button', { name: 'View messages' }));
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/chat');
    expect(JSON.parse(where.dataset.state!)).toEqual({ listingId: ID, listingTitle: '2-Bedroom Apartment near Edna Mall' });
  });

  it('marks it as rented after asking, then returns to /my-listings with the success notice', async () => {
    const api = answerListing(ownerListing());
    api.answer('PATCH', `/listings/${ID}`, () => ({ body: { ok: true, listing: ownerListing({ visibility: 'draft' }) } }));
    renderListings({ routes, path: `/l/${ID}`, user: landlord });

    fireEvent.click(await screen.findByRole('button', { name: 'Mark as rented' }));
    expect(api.callsTo('PATCH', `/listings/${ID}`)).toHaveLength(0);
    const confirm = screen.getByRole('dialog', { name: 'Mark this home as rented?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, mark as rented' }));

    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/my-listings');
    expect(JSON.parse(where.dataset.state!)).toEqual({ notice: 'markedRented' });
    expect(api.callsTo('PATCH', `/listings/${ID}`)[0]!.body).toEqual({ visibility: 'draft' });
  });

  it('deletes only after the confirmation, and shows an alert when it fails', async () => {
    const api = answerListing(ownerListing());
    api.answer('DELETE', `/listings/${ID}`, () => ({ status: 500, body: { ok: false, error: 'internal_error', message: 'x' } }));
    renderListings({ routes, path: `/l/${ID}`, user: landlord });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete listing' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this listing?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `/listings/${ID}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete listing' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this listing?' })).getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('Could not delete the listing');
    expect(api.callsTo('DELETE', `/listings/${ID}`)).toHaveLength(1);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('deletes and returns to /my-listings with the success notice', async () => {
    const api = answerListing(ownerListing());
    api.answer('DELETE', `/listings/${ID}`, () => ({ body: { ok: true, _id: ID } }));
    renderListings({ routes, path: `/l/${ID}`, user: landlord });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete listing' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this listing?' })).getByRole('button', { name: 'Yes, delete' }));
    const where = await screen.findByTestId('location');
    expect(where.textContent).toBe('/my-listings');
    expect(JSON.parse(where.dataset.state!)).toEqual({ notice: 'deleted' });
  });

  it('publishes a rented listing again, and explains the 3-listing limit when it is reached', async () => {
    const api = answerListing(ownerListing({ visibility: 'draft' }));
    api.answer('POST', `/listings/${ID}/publish`, () => ({
      status: 409,
      body: { ok: false, error: 'landlord_listing_limit_exceeded', message: 'limit' },
    }));
    renderListings({ routes, path: `/l/${ID}`, user: landlord });
    await screen.findByText('Not visible to renters');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish again' }));
    await screen.findByText('Failed to publish listing. Please try again.');
    screen.getByText('You have reached the maximum of 3 listings. Please delete an existing listing to post a new one.');
  });

  it('treats someone else signed in as a visitor', async () => {
    answerListing(publicListing());
    renderListings({ routes, path: `/l/${ID}`, user: fakeUser() });
    await screen.findByRole('heading', { name: 'Contact the owner' });
  });
});
